import { ChannelStatusSchema, DashboardSchema, ErrorResponseSchema } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireBearerToken } from '../../plugins/authenticate.ts'
import type { WithServices } from '../../services.ts'

const dashboardRoutes: FastifyPluginAsyncZod<WithServices<'dashboard'>> = async (
  app,
  { services: { dashboard } },
) => {
  // The dashboard checks the token and its user in its own statement (modules/dashboard/service.ts).
  app.get(
    '/dashboard',
    { schema: { response: { 200: DashboardSchema, 401: ErrorResponseSchema } } },
    async (request) => dashboard.get(requireBearerToken(request)),
  )

  app.get(
    '/dashboard/channel-status',
    {
      preHandler: app.authenticate,
      schema: { response: { 200: ChannelStatusSchema, 401: ErrorResponseSchema } },
    },
    async (request) => dashboard.channelStatus(request.user.telegramId),
  )
}
export default dashboardRoutes
