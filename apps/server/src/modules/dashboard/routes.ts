import { dashboardCalls } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import { requireBearerToken } from '#plugins/authenticate.ts'
import type { WithServices } from '#src/services.ts'

const dashboardRoutes: FastifyPluginAsyncZod<WithServices<'dashboard'>> = async (
  app,
  { services: { dashboard } },
) => {
  // The dashboard checks the token and its user in its own statement (modules/dashboard/service.ts).
  route(app, dashboardCalls.get, async (request) => dashboard.get(requireBearerToken(request)))

  route(app, dashboardCalls.channelStatus, { preHandler: app.authenticate }, async (request) =>
    dashboard.channelStatus(request.user),
  )

  route(app, dashboardCalls.channelPrompt, { preHandler: app.authenticate }, async (request, reply) => {
    await dashboard.recordChannelPrompt(request.user.id, request.body.event)
    return reply.code(204).send(null)
  })
}
export default dashboardRoutes
