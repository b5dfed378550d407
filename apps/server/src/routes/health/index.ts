import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../../db/client.ts'

export const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) })

/** Liveness and readiness in one: healthy when the database answers `SELECT 1`. */
const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/healthz',
    { schema: { response: { 200: HealthSchema, 503: HealthSchema } }, config: { rateLimit: false } },
    async (_request, reply) =>
      (await database.ping()) ? { status: 'ok' as const } : reply.code(503).send({ status: 'unavailable' }),
  )
}
export default healthRoutes
