/** Users: search, one user, their flags, blocking; `:user` is the user id or the Telegram id (UserRefSchema). */
import { ErrorResponseSchema as e } from '../../common.ts'
import { defineEndpoint } from '../../endpoint.ts'
import { OptionalReasonBodySchema, ReasonBodySchema } from '../operators.ts'
import {
  OpsUserPageSchema,
  OpsUserSchema,
  OpsUserSearchQuerySchema,
  SetUserFlagsBodySchema,
  UserRefParamsSchema,
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
  path: '/ops/users/:user',
  role: 'viewer',
  params: UserRefParamsSchema,
  responses: { 200: OpsUserSchema, 404: e, ...opsErrors },
})

export const setFlags = defineEndpoint({
  method: 'PATCH',
  path: '/ops/users/:user',
  role: 'admin',
  params: UserRefParamsSchema,
  body: SetUserFlagsBodySchema,
  responses: { 200: OpsUserSchema, 404: e, ...opsErrors },
})

export const block = defineEndpoint({
  method: 'POST',
  path: '/ops/users/:user/block',
  role: 'admin',
  params: UserRefParamsSchema,
  body: ReasonBodySchema,
  responses: { 200: OpsUserSchema, 404: e, ...opsErrors },
})

export const unblock = defineEndpoint({
  method: 'DELETE',
  path: '/ops/users/:user/block',
  role: 'admin',
  params: UserRefParamsSchema,
  body: OptionalReasonBodySchema,
  responses: { 200: OpsUserSchema, 404: e, ...opsErrors },
})
