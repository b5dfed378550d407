import { referralCalls } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'

const referralRoutes: FastifyPluginAsyncZod<WithServices<'referrals'>> = async (
  app,
  { services: { referrals } },
) => {
  app.addHook('preHandler', app.authenticate)

  route(app, referralCalls.stats, async (request) => referrals.stats(request.user.id))

  route(app, referralCalls.refreshLink, async (request) => referrals.refresh(request.user.id))

  route(app, referralCalls.earningsStats, async (request) => referrals.earningsStats(request.user.id))
}
export default referralRoutes
