/** API answers over real HTTP: compressed from 1 kB by Accept-Encoding; small, empty and error answers intact. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { COMPRESSION_THRESHOLD_BYTES } from '#plugins/compression.ts'
import { useTestApp } from '../helpers/app.ts'
import { listenLocally, rawRequest, varyOf } from '../helpers/raw-http.ts'

const CHROME_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'
const LARGE = '/locales/en/common.json'
const SMALL = '/healthz'

describe('compressed API answers', () => {
  const t = useTestApp('pglite')
  let base = ''
  beforeAll(async () => {
    base = await listenLocally(t.app)
  })
  const request = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(`${base}${path}`, { method, headers: { accept: 'application/json', ...headers } })

  it('a JSON answer of 1 kB or more is compressed in the encoding asked for, with Vary', async () => {
    const plain = await request(LARGE)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThanOrEqual(COMPRESSION_THRESHOLD_BYTES)

    const br = await request(LARGE, { 'accept-encoding': CHROME_ACCEPT_ENCODING })
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/^application\/json/)
    expect(varyOf(br)).toContain('accept-encoding')
    expect(br.body.length).toBeLessThan(plain.body.length / 2)
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)

    const gzip = await request(LARGE, { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true)

    const identity = await request(LARGE, { 'accept-encoding': 'identity' })
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.body.equals(plain.body)).toBe(true)
  })

  it('a JSON answer under 1 kB goes out as it is', async () => {
    const response = await request(SMALL, { 'accept-encoding': CHROME_ACCEPT_ENCODING })
    expect(response.status).toBe(200)
    expect(response.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(response.body.toString('utf8'))).toEqual({
      status: 'ok',
      database: 'ok',
      migrations: 'current',
    })
  })

  it('error answers are still the JSON error shape', async () => {
    for (const [path, status, code] of [
      ['/dashboard', 401, 'UNAUTHORIZED'],
      ['/no/such/call', 404, 'NOT_FOUND'],
      ['/locales/xx/common.json', 404, 'NOT_FOUND'],
    ] as const) {
      const response = await request(path, { 'accept-encoding': CHROME_ACCEPT_ENCODING })
      expect(response.status, path).toBe(status)
      expect(response.headers['content-type'], path).toMatch(/^application\/json/)
      const body =
        response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.body) : response.body
      expect(JSON.parse(body.toString('utf8')), path).toMatchObject({ statusCode: status, code })
    }
  })

  it('conditional GET (304), HEAD and a 204 preflight carry no body and no encoding', async () => {
    const first = await request(LARGE, { 'accept-encoding': 'br' })
    const notModified = await request(LARGE, {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    })
    expect(notModified.status).toBe(304)
    expect(notModified.body.length).toBe(0)
    expect(notModified.headers['content-encoding']).toBeUndefined()

    const head = await request(LARGE, { 'accept-encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)

    const preflight = await request(
      '/dashboard',
      {
        'accept-encoding': CHROME_ACCEPT_ENCODING,
        origin: t.config.appOrigins[0] ?? 'http://localhost:8000',
        'access-control-request-method': 'GET',
      },
      'OPTIONS',
    )
    expect(preflight.status).toBe(204)
    expect(preflight.body.length).toBe(0)
    expect(preflight.headers['content-encoding']).toBeUndefined()
  })
})
