/** The built mini-app over real HTTP: precompressed siblings chosen by Accept-Encoding, bytes as sent. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../helpers/app.ts'
import { listenLocally, type RawResponse, rawRequest, varyOf } from '../helpers/raw-http.ts'

const CHROME_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

const script = Buffer.from(
  Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i * 7} // line ${i}\n`).join(''),
)
const indexHtml = Buffer.from(
  `<!doctype html><html><head><title>spa</title>${'<meta name="x" content="padding">'.repeat(30)}</head>` +
    '<body><div id="root"></div></body></html>',
)
const tiny = Buffer.from('console.log(1)')

/** A build as `npm run build -w apps/web` leaves it: files above 512 bytes with `.br` and `.gz` beside them. */
function makeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-encoded-'))
  mkdirSync(join(dir, 'assets'))
  const write = (path: string, content: Buffer, encoded: boolean) => {
    writeFileSync(join(dir, path), content)
    if (!encoded) return
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(content))
    writeFileSync(join(dir, `${path}.gz`), gzipSync(content, { level: 9 }))
  }
  write('index.html', indexHtml, true)
  write('assets/index-abc123.js', script, true)
  write('assets/tiny-abc123.js', tiny, false)
  return dir
}

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  identity: (body) => body,
}

function decoded(response: RawResponse): Buffer {
  const encoding = String(response.headers['content-encoding'] ?? 'identity')
  const decode = decoders[encoding]
  if (!decode) throw new Error(`unexpected content-encoding ${encoding}`)
  return decode(response.body)
}

describe('precompressed web app over HTTP', () => {
  const t = useTestApp('pglite', { config: { webDistDir: makeDist() } })
  let base = ''
  beforeAll(async () => {
    base = await listenLocally(t.app)
  })
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(`${base}${path}`, { method, headers })

  it('sends the encoding Accept-Encoding asks for, with the original type and Vary', async () => {
    const cases: [string | undefined, string][] = [
      [CHROME_ACCEPT_ENCODING, 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', 'identity'],
      ['deflate', 'identity'],
      ['br;q=0, gzip;q=0', 'identity'],
      [undefined, 'identity'],
    ]
    for (const [acceptEncoding, expected] of cases) {
      const response = await get(
        '/assets/index-abc123.js',
        acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      )
      const label = `Accept-Encoding: ${acceptEncoding}`
      expect(response.status, label).toBe(200)
      expect(response.headers['content-encoding'] ?? 'identity', label).toBe(expected)
      expect(response.headers['content-type'], label).toBe('application/javascript; charset=utf-8')
      expect(varyOf(response), label).toContain('accept-encoding')
      expect(response.headers['cache-control'], label).toBe('public, max-age=31536000, immutable')
      expect(Number(response.headers['content-length']), label).toBe(response.body.length)
      expect(decoded(response).equals(script), label).toBe(true)
      if (expected !== 'identity') expect(response.body.length, label).toBeLessThan(script.length / 2)
    }
  })

  it('revalidates each encoding by its own ETag (304), and HEAD sends headers only', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' })
    const plain = await get('/assets/index-abc123.js')
    expect(br.headers.etag).toBeTruthy()
    expect(br.headers.etag).not.toBe(plain.headers.etag)

    const notModified = await get('/assets/index-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    })
    expect(notModified.status).toBe(304)
    expect(notModified.body.length).toBe(0)
    const changedEncoding = await get('/assets/index-abc123.js', {
      'accept-encoding': 'gzip',
      'if-none-match': String(br.headers.etag),
    })
    expect(changedEncoding.status).toBe(200)
    expect(changedEncoding.headers['content-encoding']).toBe('gzip')

    const head = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-encoding']).toBe('br')
    expect(head.headers['content-length']).toBe(String(br.body.length))
    expect(head.body.length).toBe(0)
  })

  it('a navigation gets index.html encoded, still not cached', async () => {
    for (const path of ['/', '/accounts/pending']) {
      const response = await get(path, { accept: BROWSER_ACCEPT, 'accept-encoding': CHROME_ACCEPT_ENCODING })
      expect(response.status, path).toBe(200)
      expect(response.headers['content-encoding'], path).toBe('br')
      expect(response.headers['content-type'], path).toBe('text/html; charset=utf-8')
      expect(response.headers['cache-control'], path).toBe('no-cache')
      expect(varyOf(response), path).toContain('accept-encoding')
      expect(decoded(response).equals(indexHtml), path).toBe(true)
    }
    const etag = (await get('/', { accept: BROWSER_ACCEPT, 'accept-encoding': 'gzip' })).headers.etag
    const revalidated = await get('/', {
      accept: BROWSER_ACCEPT,
      'accept-encoding': 'gzip',
      'if-none-match': String(etag),
    })
    expect(revalidated.status).toBe(304)
    const plain = await get('/', { accept: BROWSER_ACCEPT })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.equals(indexHtml)).toBe(true)
  })

  it('files too small to precompress go out as they are, never compressed on the fly', async () => {
    const response = await get('/assets/tiny-abc123.js', { 'accept-encoding': CHROME_ACCEPT_ENCODING })
    expect(response.status).toBe(200)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.body.equals(tiny)).toBe(true)
  })

  it('the encoded siblings are not addressable by their own names', async () => {
    for (const path of ['/assets/index-abc123.js.br', '/assets/index-abc123.js.gz', '/index.html.br']) {
      const response = await get(path, { 'accept-encoding': CHROME_ACCEPT_ENCODING })
      expect(response.status, path).toBe(404)
    }
  })
})
