import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
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
      expect(response.statusCode, url).toBe(404)
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
