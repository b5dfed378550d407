/** The operator console's build at /console: pages get its index.html, assets go precompressed and immutable. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../helpers/app.ts'

const dist = mkdtempSync(join(tmpdir(), 'console-dist-'))
mkdirSync(join(dist, 'assets'))
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>')
const script = 'console.log("operator console");'.repeat(40)
writeFileSync(join(dist, 'assets', 'index-abc.js'), script)
writeFileSync(join(dist, 'assets', 'index-abc.js.br'), brotliCompressSync(script))

describe('the console at /console', () => {
  const t = useTestApp('pglite', { config: { consoleDistDir: dist } })
  const missing = useTestApp('pglite', { config: { consoleDistDir: join(dist, 'nothing') } })

  it('answers every page under /console with its index.html, never cached', async () => {
    for (const url of [
      '/console',
      '/console/',
      '/console/invoices?status=pending',
      '/console/payouts',
      '/console/transactions',
    ]) {
      const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(page.statusCode, url).toBe(200)
      expect(page.headers['content-type']).toMatch(/^text\/html/)
      expect(page.headers['cache-control']).toBe('no-cache')
      expect(page.body).toContain('<title>console</title>')
      // No page may frame the console, not even the mini-app's origin or Telegram Web (clickjacking).
      expect(page.headers['content-security-policy'], url).toContain("frame-ancestors 'none'")
      expect(page.headers['x-frame-options'], url).toBe('DENY')
    }
  })

  it('sends assets precompressed and immutable; the encoded siblings are not addressable', async () => {
    const asset = await t.app.inject({
      method: 'GET',
      url: '/console/assets/index-abc.js',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['content-encoding']).toBe('br')
    expect(asset.headers['cache-control']).toContain('immutable')
    const sibling = await t.app.inject({ method: 'GET', url: '/console/assets/index-abc.js.br' })
    expect([403, 404]).toContain(sibling.statusCode)
  })

  it('says the console is not built when it is not', async () => {
    const page = await missing.app.inject({
      method: 'GET',
      url: '/console/',
      headers: { accept: 'text/html' },
    })
    expect(page.statusCode).toBe(503)
    expect(page.body).toContain('npm run build -w apps/console')
  })
})
