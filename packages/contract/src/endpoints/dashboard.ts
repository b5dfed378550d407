/** The home screen's figures and the channel prompt (spec section 7). */
import { ErrorResponseSchema as e } from '../common.ts'
import { ChannelStatusSchema, DashboardSchema } from '../dashboard.ts'
import { defineEndpoint } from '../endpoint.ts'

export const get = defineEndpoint({
  method: 'GET',
  path: '/dashboard',
  auth: 'access',
  responses: { 200: DashboardSchema, 401: e },
})

export const channelStatus = defineEndpoint({
  method: 'GET',
  path: '/dashboard/channel-status',
  auth: 'access',
  responses: { 200: ChannelStatusSchema, 401: e },
})
