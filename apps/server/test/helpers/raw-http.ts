/**
 * Real HTTP against a listening app, bytes as they crossed the socket: no decoding of Content-Encoding
 * (fetch would decode), so tests see what a browser receives before it inflates anything.
 */
import { type IncomingHttpHeaders, request } from 'node:http'
import type { FastifyInstance } from 'fastify'

export type RawResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer }

/** Listens on a free port of 127.0.0.1 and returns the base URL. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (typeof address !== 'object' || address === null) throw new Error('the app is not listening on TCP')
  return `http://127.0.0.1:${address.port}`
}

export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** The `Vary` header's tokens, lower-cased. */
export function varyOf(response: RawResponse): string[] {
  return String(response.headers.vary ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean)
}
