/**
 * Serves the operator console's build (apps/console/dist) at /console (docs/console.md): its content-hashed
 * /console/assets/* for a year, every other path under /console gets its index.html (the console's router takes
 * it from there). Precompressed siblings (`.br`, `.gz`) are sent by `Accept-Encoding` as for the mini-app
 * (plugins/web-app.ts). The console is its own bundle: nothing of it reaches the mini-app's.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

const NOT_BUILT =
  '<!doctype html><title>Console not built</title><p>Operator console not built: run npm run build -w apps/console</p>\n'

export async function consoleAppPlugin(
  app: FastifyInstance,
  { distDir }: { distDir: string },
): Promise<void> {
  const indexPath = join(distDir, 'index.html')
  const route = { config: { rateLimit: false }, compress: false } as const
  if (!existsSync(indexPath)) {
    for (const url of ['/console', '/console/*'])
      app.get(url, route, async (_request, reply) => {
        reply.refuseFraming()
        return reply
          .code(503)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(NOT_BUILT)
      })
    return
  }
  // Content-hashed files under /console/assets: cached for a year; `.br`/`.gz` picked by Accept-Encoding.
  await app.register(fastifyStatic, {
    root: join(distDir, 'assets'),
    prefix: '/console/assets/',
    decorateReply: false,
    preCompressed: true,
    immutable: true,
    maxAge: '365d',
    index: false,
    allowedPath: (path) => !/\.(br|gz)$/.test(path),
  })
  const sendIndex = async (_request: FastifyRequest, reply: FastifyReply) => {
    // The operators' screens: no page may frame them (clickjacking), not even the app's own (plugins/security.ts).
    reply.refuseFraming()
    return (
      reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        // Read each time: a rebuild while the server runs replaces the hashed asset names it points to.
        .send(await readFile(indexPath))
    )
  }
  app.get('/console', route, sendIndex)
  app.get('/console/*', route, sendIndex)
}
