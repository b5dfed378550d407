/** Users: search, one user, their flags, blocking. */
import { ErrorResponseSchema as e } from '../../common.ts'
import { defineEndpoint } from '../../endpoint.ts'
import { TelegramIdParamsSchema } from '../accounts.ts'
import { OptionalReasonBodySchema, ReasonBodySchema } from '../operators.ts'
import {
  OpsUserPageSchema,
  OpsUserSchema,
  OpsUserSearchQuerySchema,
  SetUserFlagsBodySchema,
} from '../users.ts'
import { opsErrors } from './errors.ts'

export const search = defineEndpoint({
  method: 'GET',
  path: '/ops/users',
  role: 'viewer',
  query: OpsUserSearchQuerySchema,
  responses: { 200: OpsUserPageSchema, ...opsErrors },
})

export const get = defineEndpoint({
  method: 'GET',
  path: '/ops/users/:telegramId',
  role: 'viewer',
  params: TelegramIdParamsSchema,
  responses: { 200: OpsUserSchema, 404: e, ...opsErrors },
})

export const setFlags = defineEndpoint({
  method: 'PATCH',
  path: '/ops/users/:telegramId',
  role: 'admin',
  params: TelegramIdParamsSchema,
  body: SetUserFlagsBodySchema,
  responses: { 200: OpsUserSchema, 404: e, ...opsErrors },
})

export const block = defineEndpoint({
  method: 'POST',
  path: '/ops/users/:telegramId/block',
  role: 'admin',
  params: TelegramIdParamsSchema,
  body: ReasonBodySchema,
  responses: { 200: OpsUserSchema, 404: e, ...opsErrors },
})

export const unblock = defineEndpoint({
  method: 'DELETE',
  path: '/ops/users/:telegramId/block',
  role: 'admin',
  params: TelegramIdParamsSchema,
  body: OptionalReasonBodySchema,
  responses: { 200: OpsUserSchema, 404: e, ...opsErrors },
})
