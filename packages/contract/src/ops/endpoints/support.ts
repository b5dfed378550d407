/** The support inbox (docs/support.md): viewers read; operators and admins reply, assign, close and keep saved replies. */
import * as z from 'zod/mini'
import { ErrorResponseSchema as e, OkSchema } from '../../common.ts'
import { defineEndpoint } from '../../endpoint.ts'
import {
  OpsSavedReplyBodySchema,
  OpsSavedReplyListSchema,
  OpsSavedReplyParamsSchema,
  OpsSavedReplySchema,
  OpsSupportAssignBodySchema,
  OpsSupportMessageSchema,
  OpsSupportPhotoParamsSchema,
  OpsSupportReplyBodySchema,
  OpsSupportThreadDetailSchema,
  OpsSupportThreadListSchema,
  OpsSupportThreadParamsSchema,
  OpsSupportThreadsQuerySchema,
  SupportThreadStatusSchema,
} from '../support.ts'
import { opsErrors } from './errors.ts'

export const threads = defineEndpoint({
  method: 'GET',
  path: '/ops/support/threads',
  role: 'viewer',
  query: OpsSupportThreadsQuerySchema,
  responses: { 200: OpsSupportThreadListSchema, ...opsErrors },
})

export const thread = defineEndpoint({
  method: 'GET',
  path: '/ops/support/threads/:uid',
  role: 'viewer',
  params: OpsSupportThreadParamsSchema,
  responses: { 200: OpsSupportThreadDetailSchema, 404: e, ...opsErrors },
})

/** An operator opened the thread: the user's messages so far count as seen (the user sees 'Seen'). */
export const markRead = defineEndpoint({
  method: 'POST',
  path: '/ops/support/threads/:uid/read',
  role: 'viewer',
  params: OpsSupportThreadParamsSchema,
  body: null,
  responses: { 200: OkSchema, 404: e, ...opsErrors },
})

export const reply = defineEndpoint({
  method: 'POST',
  path: '/ops/support/threads/:uid/replies',
  role: 'operator',
  params: OpsSupportThreadParamsSchema,
  body: OpsSupportReplyBodySchema,
  responses: { 201: OpsSupportMessageSchema, 404: e, ...opsErrors },
})

export const assign = defineEndpoint({
  method: 'POST',
  path: '/ops/support/threads/:uid/assign',
  role: 'operator',
  params: OpsSupportThreadParamsSchema,
  body: OpsSupportAssignBodySchema,
  responses: { 200: z.object({ assignee: z.nullable(z.string()) }), 404: e, ...opsErrors },
})

export const close = defineEndpoint({
  method: 'POST',
  path: '/ops/support/threads/:uid/close',
  role: 'operator',
  params: OpsSupportThreadParamsSchema,
  body: null,
  responses: { 200: z.object({ status: SupportThreadStatusSchema }), 404: e, ...opsErrors },
})

/** A photo of a message, fetched from Telegram (getFile) for a signed-in operator; its bytes, not JSON. */
export const photo = defineEndpoint({
  method: 'GET',
  path: '/ops/support/photos/:uid',
  role: 'viewer',
  params: OpsSupportPhotoParamsSchema,
  produces: 'image/*',
  responses: { 200: z.string(), 404: e, 503: e, ...opsErrors },
})

export const savedReplies = defineEndpoint({
  method: 'GET',
  path: '/ops/support/saved-replies',
  role: 'viewer',
  responses: { 200: OpsSavedReplyListSchema, ...opsErrors },
})

export const saveReply = defineEndpoint({
  method: 'POST',
  path: '/ops/support/saved-replies',
  role: 'operator',
  body: OpsSavedReplyBodySchema,
  responses: { 201: OpsSavedReplySchema, ...opsErrors },
})

export const removeSavedReply = defineEndpoint({
  method: 'DELETE',
  path: '/ops/support/saved-replies/:uid',
  role: 'operator',
  params: OpsSavedReplyParamsSchema,
  responses: { 200: z.object({ uid: z.string() }), 404: e, ...opsErrors },
})
