import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildAppOn, useTestApp } from '../helpers/app.ts'

// Locale files do not touch the database: PGlite alone is enough.
describe('GET /locales/:lng/:ns.json', () => {
  const t = useTestApp('pglite')
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers })

  it('serves en/common as JSON with cache headers and an ETag', async () => {
    const response = await get('/locales/en/common.json')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.json()).toMatchObject({ 'validation.phoneRequired': 'Phone number required' })
    expect(response.headers['cache-control']).toMatch(/max-age=\d+/)
    const etag = String(response.headers.etag)
    const again = await get('/locales/en/common.json', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('serves fa/common', async () => {
    const response = await get('/locales/fa/common.json')
    expect(response.statusCode).toBe(200)
    expect(typeof response.json()).toBe('object')
  })

  it('unknown language or namespace, or a missing file: 404 JSON', async () => {
    for (const url of [
      '/locales/de/common.json',
      '/locales/en/nope.json',
      '/locales/en/common',
      '/locales/en/common.txt',
    ]) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' })
    }
  })

  it('never escapes the folder', async () => {
    const attempts = [
      '/locales/..%2F..%2Fpackage.json',
      '/locales/en/..%2F..%2Fpackage.json',
      '/locales/en/..%2F..%2F..%2Fpackage.json',
      '/locales/%2e%2e/package.json',
      '/locales/en/%2e%2e%2f%2e%2e%2fpackage.json',
      '/locales/en/../../package.json',
      '/locales/..%5c..%5cpackage.json',
      '/locales/en%2F..%2F..%2Fapps/common.json',
      '/locales/en/%2Fetc%2Fpasswd',
      '/locales/en/common.json%00.json',
    ]
    for (const url of attempts) {
      const response = await get(url)
      // A NUL anywhere in a request is refused before any route runs (400); every other attempt finds nothing.
      expect(response.statusCode, url).toBe(url.includes('%00') ? 400 : 404)
      expect(response.body).not.toContain('"workspaces"')
      expect(response.body).not.toContain('root:')
    }
  })

  it('serves LOCALES_DIR when configured; a known namespace without a file is 404', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'locales-'))
    mkdirSync(join(dir, 'en'))
    writeFileSync(join(dir, 'en', 'dashboard.json'), JSON.stringify({ hello: 'Hello' }))
    const other = await buildAppOn(t, { config: { localesDir: dir } })
    try {
      const served = await other.inject({ method: 'GET', url: '/locales/en/dashboard.json' })
      expect(served.json()).toEqual({ hello: 'Hello' })
      expect((await other.inject({ method: 'GET', url: '/locales/fa/dashboard.json' })).statusCode).toBe(404)
    } finally {
      await other.close()
    }
  })
})

describe('POST /locales/add/:lng/:ns (missing keys, development only)', () => {
  const t = useTestApp('pglite')
  const add = (url: string, payload: unknown, app = t.app) =>
    app.inject({ method: 'POST', url, payload: payload as object })
  const reviewFile = (lng: string, ns: string) => join(t.config.dataDir, 'missing-locales', lng, `${ns}.json`)

  it('records keys the real file lacks into a review file in the data folder, merged across reports', async () => {
    const first = await add('/locales/add/fa/referrals', {
      'referrals.title': 'Referrals', // in the real file: not missing
      'referrals.someNewKey': 'Some new text',
    })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ recorded: 1 })
    const second = await add('/locales/add/fa/referrals', {
      'referrals.someNewKey': 'Changed text', // already recorded: kept as first reported
      'referrals.another': 'Another',
    })
    expect(second.json()).toEqual({ recorded: 1 })
    expect(JSON.parse(readFileSync(reviewFile('fa', 'referrals'), 'utf8'))).toEqual({
      'referrals.someNewKey': 'Some new text',
      'referrals.another': 'Another',
    })
    // The real locale file is untouched.
    expect(
      JSON.parse(readFileSync(join(t.config.localesDir, 'fa', 'referrals.json'), 'utf8')),
    ).not.toHaveProperty('referrals.someNewKey')
  })

  it('twenty concurrent reports to one file lose no key', async () => {
    const reports = Array.from({ length: 20 }, (_, i) =>
      add('/locales/add/en/auth', { [`auth.concurrent${i}`]: `t${i}` }),
    )
    const answers = await Promise.all(reports)
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200))
    expect(Object.keys(JSON.parse(readFileSync(reviewFile('en', 'auth'), 'utf8')))).toHaveLength(20)
  })

  it('refuses what is not a small key-to-text map for a known language and namespace, with a 4xx', async () => {
    const tooMany = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, 'x']))
    const cases: [string, unknown, number][] = [
      ['/locales/add/de/common', { a: 'b' }, 400],
      ['/locales/add/en/nope', { a: 'b' }, 400],
      ['/locales/add/en/..%2F..%2Fpackage', { a: 'b' }, 400],
      ['/locales/add/en/common', ['a'], 400],
      ['/locales/add/en/common', 'text', 415],
      ['/locales/add/en/common', { 'bad key/with slash': 'x' }, 400],
      ['/locales/add/en/common', { ok: 42 }, 400],
      ['/locales/add/en/common', tooMany, 400],
      ['/locales/add/en/common', { big: 'x'.repeat(20_000) }, 413],
    ]
    for (const [url, payload, status] of cases) {
      const response = await add(url, payload)
      expect(response.statusCode, `${url} ${JSON.stringify(payload).slice(0, 40)}`).toBe(status)
    }
    expect(existsSync(join(t.config.dataDir, 'missing-locales', 'de'))).toBe(false)
  })

  it('is not there in production (404)', async () => {
    const production = await buildAppOn(t, { config: { isProduction: true } })
    try {
      const response = await add('/locales/add/en/common', { a: 'b' }, production)
      expect(response.statusCode).toBe(404)
    } finally {
      await production.close()
    }
  })
})
