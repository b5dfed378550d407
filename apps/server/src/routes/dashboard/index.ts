import { ChannelStatusSchema, DashboardSchema, ErrorResponseSchema } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { WithServices } from '../../services.ts'

const dashboardRoutes: FastifyPluginAsyncZod<WithServices<'dashboard'>> = async (
  app,
  { services: { dashboard } },
) => {
  app.addHook('preHandler', app.authenticate)

  app.get(
    '/dashboard',
    { schema: { response: { 200: DashboardSchema, 401: ErrorResponseSchema } } },
    async (request) => dashboard.get(request.user.id),
  )

  app.get(
    '/dashboard/channel-status',
    { schema: { response: { 200: ChannelStatusSchema, 401: ErrorResponseSchema } } },
    async (request) => dashboard.channelStatus(request.user.telegramId),
  )
}
export default dashboardRoutes
