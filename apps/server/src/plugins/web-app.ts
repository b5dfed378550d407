/**
 * Serves the built mini-app (apps/web/dist) from the same origin as the API.
 *
 * SPA routes share paths with API routes (GET /accounts is both a screen and an API call), so a
 * request is routed by content negotiation: a GET whose Accept header prefers text/html (a browser
 * navigation) gets index.html, unless its path belongs to the server itself (/healthz, /livez, /readyz, /openapi.json,
 * /locales/*, /ops/*, /console*, /simulator*, /sandbox/*, /flags/*, /assets/*). Everything else (fetch/XHR asking for
 * JSON or anything) reaches the API routes.
 *
 * The build writes a brotli (`.br`) and a gzip (`.gz`) sibling of every compressible file
 * (apps/web/scripts/precompress.mjs); `@fastify/static`'s `preCompressed` sends the best one the request's
 * Accept-Encoding allows (q-values honoured, br before gzip, the file itself otherwise) with the original's
 * Content-Type, `Vary: accept-encoding`, and an ETag of the bytes sent. These routes opt out of the API's
 * on-the-fly compression (plugins/compression.ts): what is not precompressed is too small to gain from it.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import { notFound } from '../lib/domain-error.ts'
import { globalPlugin } from './global-plugin.ts'

const SERVER_PATHS = [
  /^\/(healthz|livez|readyz)$/,
  /^\/openapi\.json$/,
  /^\/locales\//,
  /^\/ops\//,
  /^\/console(\/|$)/,
  /^\/simulator(\/|$)/,
  /^\/sandbox\//,
  /^\/flags\//,
  /^\/assets\//,
]

function qualityOf(accept: string, mediaType: string): number | undefined {
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.trim().split(';')
    if (type.trim().toLowerCase() !== mediaType) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const value = q === undefined ? 1 : Number(q.slice(2))
    return Number.isFinite(value) ? value : 0
  }
  return undefined
}

/** True when the client explicitly asks for HTML and prefers it to JSON. */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false
  const html = qualityOf(accept, 'text/html')
  if (html === undefined || html <= 0) return false
  const json = qualityOf(accept, 'application/json')
  return json === undefined || html > json
}

function isBrowserNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const path = request.url.split('?')[0] ?? '/'
  if (SERVER_PATHS.some((re) => re.test(path))) return false
  return prefersHtml(request.headers.accept)
}

/** `x.js.br`, `x.js.gz`: encodings of `x.js`, sent in its place, never under their own names. */
const isEncodedSibling = (name: string) => /\.(br|gz)$/.test(name)

const AssetParamsSchema = z.object({ '*': z.string().check(z.maxLength(512)) })

/**
 * The CSP sources of index.html's inline scripts (the first screen's early calls): each one's SHA-256, read from the
 * built file at start-up, so the policy names exactly the scripts the build wrote.
 */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  )
}

const NOT_BUILT =
  '<!doctype html><title>Web app not built</title><p>Web app not built: run npm run build</p>\n'

export const webAppPlugin = globalPlugin<{ distDir: string }>('web-app', async (app, { distDir }) => {
  const built = existsSync(join(distDir, 'index.html'))

  if (!built) {
    app.addHook('onRequest', async (request, reply) => {
      if (!isBrowserNavigation(request)) return
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT)
    })
    return
  }

  // `serve: false`: only `reply.sendFile`, bound to distDir (it refuses paths that leave it).
  await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true })

  const inlineScripts = inlineScriptHashes(readFileSync(join(distDir, 'index.html'), 'utf8'))
  const sendIndex = (reply: FastifyReply) => {
    // A page of the mini-app: Telegram's web clients may frame it (plugins/security.ts).
    reply.allowMiniAppFraming(inlineScripts)
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile('index.html', { cacheControl: false })
  }

  app.addHook('onRequest', async (request, reply) => {
    if (isBrowserNavigation(request)) return sendIndex(reply)
  })

  // Vite puts content-hashed files under /assets: they never change, so they are cached for a year.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/assets/*',
      { config: { rateLimit: false }, compress: false, schema: { params: AssetParamsSchema } },
      async (request, reply) => {
        const file = request.params['*']
        if (file.split(/[\\/]/).some((segment) => segment === '..' || segment === '')) throw notFound()
        if (isEncodedSibling(file)) throw notFound()
        return reply.sendFile(`assets/${file}`, { immutable: true, maxAge: '365d', cacheControl: true })
      },
    )

  // Other top-level files of the build (icons, manifest): short cache, fixed list read at start-up.
  const topLevel = readdirSync(distDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== 'index.html' && !isEncodedSibling(entry.name))
    .map((entry) => entry.name)
  for (const name of topLevel) {
    app.get(`/${name}`, { config: { rateLimit: false }, compress: false }, async (_request, reply) =>
      reply.sendFile(name, { maxAge: '1h', cacheControl: true }),
    )
  }
})
