import { ChannelStatusSchema, DashboardSchema, ErrorResponseSchema } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import type { ChannelMembershipChecker } from '../../modules/dashboard/channel-membership.ts'
import { getChannelStatus, getDashboard } from '../../modules/dashboard/service.ts'

const dashboardRoutes: FastifyPluginAsyncZod<{
  db: Db
  channelMembership: ChannelMembershipChecker
}> = async (app, { db, channelMembership }) => {
  app.addHook('preHandler', app.authenticate)

  app.get(
    '/dashboard',
    { schema: { response: { 200: DashboardSchema, 401: ErrorResponseSchema } } },
    async (request) => getDashboard(db, request.user.id),
  )

  app.get(
    '/dashboard/channel-status',
    { schema: { response: { 200: ChannelStatusSchema, 401: ErrorResponseSchema } } },
    async (request) => getChannelStatus(db, channelMembership, request.user.telegramId),
  )
}
export default dashboardRoutes
