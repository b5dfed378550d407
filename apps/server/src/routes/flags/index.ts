/**
 * Country flags served by our own origin (no outside host): GET /flags/IR.svg.
 * Only the codes country-flag-icons ships are answered; the images never change, so they are cached long.
 */
import * as flags from 'country-flag-icons/string/3x2'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import { notFound } from '../../lib/domain-error.ts'

const FLAGS = new Map(
  Object.entries(flags).filter(
    (entry): entry is [string, string] => /^[A-Z]{2}$/.test(entry[0]) && typeof entry[1] === 'string',
  ),
)

const flagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/flags/:file',
    { schema: { params: z.object({ file: z.string().check(z.maxLength(16)) }) } },
    async (request, reply) => {
      const match = /^([A-Za-z]{2})\.svg$/.exec(request.params.file)
      const svg = match?.[1] === undefined ? undefined : FLAGS.get(match[1].toUpperCase())
      if (svg === undefined) throw notFound('Unknown flag')
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type('image/svg+xml')
        .send(svg)
    },
  )
}
export default flagRoutes
