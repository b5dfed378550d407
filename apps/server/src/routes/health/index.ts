import { type HealthSchema, healthCalls } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type * as z from 'zod/mini'
import type { WithServices } from '../../services.ts'
import { route } from '../route.ts'

/**
 * `/livez`: the process answers (no database: an outage must not get it restarted). `/readyz`, and `/healthz` as
 * before: the database answers and is migrated (docs/resilience.md, 'Outages'). No rate limit: probes ask often.
 */
const healthRoutes: FastifyPluginAsyncZod<WithServices<'health'>> = async (app, { services: { health } }) => {
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
    route(app, endpoint, { config: { rateLimit: false } }, async (_request, reply) => {
      const { code, body } = await readiness()
      return code === 200 ? body : reply.code(503).send(body)
    })
  }
  route(app, healthCalls.live, { config: { rateLimit: false } }, async () => ({ status: 'ok' as const }))
}
export default healthRoutes
