import { healthCalls } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { WithServices } from '../../services.ts'
import { route } from '../route.ts'

/** Liveness and readiness in one: healthy when the database answers `SELECT 1`. */
const healthRoutes: FastifyPluginAsyncZod<WithServices<'health'>> = async (app, { services: { health } }) => {
  route(app, healthCalls.check, { config: { rateLimit: false } }, async (_request, reply) =>
    (await health.check()) ? { status: 'ok' as const } : reply.code(503).send({ status: 'unavailable' }),
  )
}
export default healthRoutes
