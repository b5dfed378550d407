/** The user's accounts (spec section 7): the list and one account. */
import { AccountListQuerySchema, AccountPageSchema, AccountParamsSchema, AccountSchema } from '../accounts.ts'
import { ErrorResponseSchema as e } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'

export const list = defineEndpoint({
  method: 'GET',
  path: '/accounts',
  auth: 'access',
  query: AccountListQuerySchema,
  responses: { 200: AccountPageSchema, 400: e, 401: e },
})

export const get = defineEndpoint({
  method: 'GET',
  path: '/accounts/:accountUid',
  auth: 'access',
  params: AccountParamsSchema,
  responses: { 200: AccountSchema, 404: e, 400: e, 401: e },
})
