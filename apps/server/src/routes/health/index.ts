import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import type { WithServices } from '../../services.ts'

export const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) })

/** Liveness and readiness in one: healthy when the database answers `SELECT 1`. */
const healthRoutes: FastifyPluginAsyncZod<WithServices<'health'>> = async (app, { services: { health } }) => {
  app.get(
    '/healthz',
    { schema: { response: { 200: HealthSchema, 503: HealthSchema } }, config: { rateLimit: false } },
    async (_request, reply) =>
      (await health.check()) ? { status: 'ok' as const } : reply.code(503).send({ status: 'unavailable' }),
  )
}
export default healthRoutes
