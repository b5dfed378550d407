import { type HealthSchema, healthCalls } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type * as z from 'zod/mini'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'

/**
 * `/livez`: the process answers (no database: an outage must not get it restarted), never limited. `/readyz`, and
 * `/healthz` as before: the database answers and is migrated (docs/resilience.md, 'Outages'), asked at most once a
 * second (the health service); each has a budget per address of its own (`rateLimitMax` a window), so that a probe
 * is never refused for the API calls of its address, and a flood of them ends in 429.
 */
const healthRoutes: FastifyPluginAsyncZod<WithServices<'health'> & { rateLimitMax: number }> = async (
  app,
  { services: { health }, rateLimitMax },
) => {
  const readiness = async (): Promise<{ code: 200 | 503; body: z.infer<typeof HealthSchema> }> => {
    const { database, migrations } = await health.ready()
    const ok = database && migrations
    return {
      code: ok ? 200 : 503,
      body: {
        status: ok ? 'ok' : 'unavailable',
        database: database ? 'ok' : 'unreachable',
        migrations: migrations ? 'current' : database ? 'behind' : 'unknown',
      },
    }
  }
  for (const endpoint of [healthCalls.check, healthCalls.ready]) {
    route(app, endpoint, { config: { rateLimit: { max: rateLimitMax } } }, async (_request, reply) => {
      const { code, body } = await readiness()
      return code === 200 ? body : reply.code(503).send(body)
    })
  }
  route(app, healthCalls.live, { config: { rateLimit: false } }, async () => ({ status: 'ok' as const }))
}
export default healthRoutes
