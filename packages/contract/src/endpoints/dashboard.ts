/** The home screen's figures and the channel prompt (spec section 7). */

import * as z from 'zod/mini'
import { ErrorResponseSchema as e } from '../common.ts'
import { ChannelPromptBodySchema, ChannelStatusSchema, DashboardSchema } from '../dashboard.ts'
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

/** The channel prompt was shown, or 'Join Channel' pressed: remembered on the user, for every device. */
export const channelPrompt = defineEndpoint({
  method: 'POST',
  path: '/dashboard/channel-prompt',
  auth: 'access',
  body: ChannelPromptBodySchema,
  responses: { 204: z.null(), 400: e, 401: e },
})
