import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { prefersHtml } from '#plugins/web-app.ts'
import { bearer, buildAppOn, useTestApp } from '../helpers/app.ts'

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8'

function makeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>spa</title><div id="root"></div>')
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)')
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  return dir
}

describe('prefersHtml', () => {
  it('is true for browser navigations only', () => {
    expect(prefersHtml(BROWSER_ACCEPT)).toBe(true)
    expect(prefersHtml('text/html')).toBe(true)
    expect(prefersHtml('application/json')).toBe(false)
    expect(prefersHtml('application/json, text/plain, */*')).toBe(false)
    expect(prefersHtml('*/*')).toBe(false)
    expect(prefersHtml(undefined)).toBe(false)
    expect(prefersHtml('text/html;q=0.5, application/json')).toBe(false)
    expect(prefersHtml('text/html;q=0')).toBe(false)
  })
})

describe('serving the built web app', () => {
  const t = useTestApp('pglite', { config: { webDistDir: makeDist() } })
  const get = (url: string, accept?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(accept ? { accept } : {}), ...headers } })

  it('a browser navigation gets index.html, not cached', async () => {
    for (const url of [
      '/',
      '/accounts',
      '/accounts/pending',
      '/invoices/123',
      '/dashboard',
      '/no/such/screen',
    ]) {
      const response = await get(url, BROWSER_ACCEPT)
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(response.body).toContain('<div id="root">')
      expect(response.headers['cache-control']).toBe('no-cache')
    }
  })

  it('API calls on the same paths reach the API', async () => {
    const response = await get('/dashboard', 'application/json')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' })
    expect((await get('/dashboard', undefined, bearer('x'))).statusCode).toBe(401)
    expect((await get('/dashboard', '*/*')).statusCode).toBe(401)
  })

  it('server paths are never the SPA, even for a browser', async () => {
    for (const path of ['/healthz', '/readyz', '/livez'])
      expect((await get(path, BROWSER_ACCEPT)).json()).toMatchObject({ status: 'ok' })
    expect((await get('/locales/en/common.json', BROWSER_ACCEPT)).headers['content-type']).toMatch(/json/)
    expect((await get('/ops/settings', BROWSER_ACCEPT)).statusCode).toBe(401)
    expect((await get('/simulator', BROWSER_ACCEPT)).body).not.toContain('<div id="root">')
  })

  it('hashed assets are immutable; other files short-cached; missing assets 404', async () => {
    const asset = await get('/assets/index-abc123.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toMatch(/immutable/)
    expect(asset.headers['cache-control']).toMatch(/max-age=31536000/)
    const icon = await get('/favicon.svg')
    expect(icon.statusCode).toBe(200)
    expect(icon.headers['cache-control']).toMatch(/max-age=3600/)
    expect((await get('/assets/nope.js')).statusCode).toBe(404)
    for (const url of [
      '/assets/..%2F..%2Fpackage.json',
      '/assets/..%2Findex.html',
      '/assets/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const response = await get(url)
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, url).toBeLessThan(500)
      expect(response.body).not.toContain('root:')
    }
  })

  it("the CSP lets the SPA run, framed by the simulator and Telegram's web clients only", async () => {
    for (const url of ['/', '/accounts/pending']) {
      const page = await get(url, BROWSER_ACCEPT)
      const csp = String(page.headers['content-security-policy'])
      expect(csp).toContain("script-src 'self'")
      expect(csp).toContain("style-src 'self' 'unsafe-inline'")
      expect(csp).toContain("img-src 'self' data:")
      expect(csp).toContain(
        "frame-ancestors 'self' https://web.telegram.org https://webk.telegram.org https://webz.telegram.org",
      )
      // X-Frame-Options names no other origin: browsers that know frame-ancestors go by it alone.
      expect(page.headers['x-frame-options'], url).toBeUndefined()
    }
    // Everything else keeps same-origin framing only: API answers, translations, the simulator page.
    for (const url of ['/healthz', '/locales/en/common.json', '/simulator']) {
      const response = await get(url, BROWSER_ACCEPT)
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'self';")
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN')
    }
  })

  it("index.html's inline scripts run by their hashes, never by 'unsafe-inline'", async () => {
    const inline = 'window.__bootCalls = {}\n'
    const dist = makeDist()
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><script>${inline}</script><script type="module" src="/assets/index-abc123.js"></script><div id="root"></div>`,
    )
    const other = await buildAppOn(t, { config: { webDistDir: dist } })
    try {
      const page = await other.inject({ method: 'GET', url: '/', headers: { accept: BROWSER_ACCEPT } })
      const hash = createHash('sha256').update(inline).digest('base64')
      const scriptSrc = /script-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1]
      expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`)
    } finally {
      await other.close()
    }
  })

  it('the origins allowed to frame the mini-app are a setting', async () => {
    const other = await buildAppOn(t, {
      config: { webDistDir: makeDist(), miniAppFrameAncestors: ['http://127.0.0.1:5999'] },
    })
    try {
      const page = await other.inject({ method: 'GET', url: '/', headers: { accept: BROWSER_ACCEPT } })
      expect(page.headers['content-security-policy']).toContain(
        "frame-ancestors 'self' http://127.0.0.1:5999;",
      )
    } finally {
      await other.close()
    }
  })

  it('without a built web app, a browser gets a 503 line; API clients are unaffected', async () => {
    const other = await buildAppOn(t, { config: { webDistDir: join(tmpdir(), 'no-such-web-dist') } })
    try {
      const response = await other.inject({ method: 'GET', url: '/', headers: { accept: BROWSER_ACCEPT } })
      expect(response.statusCode).toBe(503)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(response.body).toContain('Web app not built: run npm run build')
      const health = await other.inject({
        method: 'GET',
        url: '/healthz',
        headers: { accept: BROWSER_ACCEPT },
      })
      expect(health.statusCode).toBe(200)
      expect((await other.inject({ method: 'GET', url: '/' })).statusCode).toBe(404)
    } finally {
      await other.close()
    }
  })
})

// Phones behind one carrier NAT share an address: past the API's budget the app must still open.
describe('the app opens from an address past its API budget', () => {
  const t = useTestApp('pglite', {
    config: { webDistDir: makeDist(), rateLimit: { max: 3, authMax: 3, timeWindowMs: 60_000 } },
  })

  it('navigations, the code, the words and the flags answer 200 while the API answers 429', async () => {
    const from = { remoteAddress: '10.0.0.31' }
    for (let i = 0; i < 4; i++) await t.app.inject({ method: 'GET', url: '/dashboard', ...from })
    expect((await t.app.inject({ method: 'GET', url: '/dashboard', ...from })).statusCode).toBe(429)
    for (let i = 0; i < 10; i++) {
      for (const [url, accept] of [
        ['/accounts', BROWSER_ACCEPT],
        ['/assets/index-abc123.js', '*/*'],
        ['/favicon.svg', '*/*'],
        ['/locales/en/common.json', 'application/json'],
        ['/locales/fa/accounts.json', 'application/json'],
        ['/flags/IR.svg', 'image/*'],
      ] as const) {
        const response = await t.app.inject({ method: 'GET', url, headers: { accept }, ...from })
        expect(response.statusCode, url).toBe(200)
      }
    }
    // The files did not refill the API's budget.
    expect((await t.app.inject({ method: 'GET', url: '/dashboard', ...from })).statusCode).toBe(429)
  })
})
