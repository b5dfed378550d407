/**
 * Support for users (docs/support.md): their conversation, writing to it, and marking the replies read. Besides the
 * access token these calls take `Authorization: tma <init data>`, so a blocked user (who has no tokens) still
 * reaches support from Telegram, and nothing else.
 */
import { ErrorResponseSchema as e, OkSchema } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import { SendSupportMessageBodySchema, SupportMessageSchema, SupportThreadSchema } from '../support.ts'

const errors = { 400: e, 401: e }

export const thread = defineEndpoint({
  method: 'GET',
  path: '/support/thread',
  auth: 'access',
  responses: { 200: SupportThreadSchema, ...errors },
})

export const send = defineEndpoint({
  method: 'POST',
  path: '/support/messages',
  auth: 'access',
  body: SendSupportMessageBodySchema,
  responses: { 201: SupportMessageSchema, 413: e, 415: e, 429: e, 503: e, ...errors },
})

/** The operators' replies so far count as read (the home screen's badge clears). */
export const markRead = defineEndpoint({
  method: 'POST',
  path: '/support/read',
  auth: 'access',
  body: null,
  responses: { 200: OkSchema, ...errors },
})
