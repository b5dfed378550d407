/** Accounts: search across users, a user's accounts, and a status override. */
import { ErrorResponseSchema as e } from '../../common.ts'
import { defineEndpoint } from '../../endpoint.ts'
import {
  AccountsQuerySchema,
  AccountUidParamsSchema,
  OpsAccountPageSchema,
  OpsAccountSchema,
  OpsAccountSearchQuerySchema,
  OpsAccountsSchema,
  SetAccountStatusBodySchema,
} from '../accounts.ts'
import { UserRefParamsSchema } from '../users.ts'
import { opsErrors } from './errors.ts'

export const search = defineEndpoint({
  method: 'GET',
  path: '/ops/accounts',
  role: 'viewer',
  query: OpsAccountSearchQuerySchema,
  responses: { 200: OpsAccountPageSchema, ...opsErrors },
})

/** A reason is required from named operators (the audit log keeps it). */
export const setStatus = defineEndpoint({
  method: 'PUT',
  path: '/ops/accounts/:uid/status',
  role: 'operator',
  params: AccountUidParamsSchema,
  body: SetAccountStatusBodySchema,
  responses: { 200: OpsAccountSchema, 404: e, 409: e, ...opsErrors },
})

export const ofUser = defineEndpoint({
  method: 'GET',
  path: '/ops/users/:user/accounts',
  role: 'viewer',
  params: UserRefParamsSchema,
  query: AccountsQuerySchema,
  responses: { 200: OpsAccountsSchema, 404: e, ...opsErrors },
})
