/**
 * Compresses answers of 1 kB and more (the API's JSON, /locales/*, the simulator page) in brotli or gzip,
 * whichever the request's Accept-Encoding prefers (br on a tie), with `Vary: accept-encoding`. Smaller
 * answers, 204s, 304s and anything already carrying a Content-Encoding (the precompressed mini-app, see
 * plugins/web-app.ts) pass untouched; so do answers to clients that accept neither encoding.
 *
 * Brotli at quality 4: close to gzip's speed with smaller output; the maximum (11) costs tens of
 * milliseconds per answer and is kept for the build. Request bodies are not decompressed: clients send
 * small JSON and the body limit stays a limit on what arrives.
 *
 * Register it before the routes: it attaches itself to each route as the route is declared.
 */
import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import { globalPlugin } from './global-plugin.ts'

export const COMPRESSION_THRESHOLD_BYTES = 1024

export const compressionPlugin = globalPlugin('compression', async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // zstd too would be chosen first for Chrome once Node has it (22.15+); keep the pair every client decodes.
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  })
})
