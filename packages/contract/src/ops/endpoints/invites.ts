/** Root invite codes (docs/referrals.md). */
import * as z from 'zod/mini'
import { ErrorResponseSchema as e } from '../../common.ts'
import { defineEndpoint } from '../../endpoint.ts'
import {
  CreateInviteBodySchema,
  InviteCodeParamsSchema,
  InviteListQuerySchema,
  InvitePageSchema,
  InviteSchema,
  RevokedInviteSchema,
} from '../invites.ts'
import { NoBodySchema } from '../operators.ts'
import { opsErrors } from './errors.ts'

/** Without a code, the server makes one. */
export const create = defineEndpoint({
  method: 'POST',
  path: '/ops/invites',
  role: 'admin',
  body: z.nullish(CreateInviteBodySchema),
  responses: { 201: InviteSchema, 409: e, ...opsErrors },
})

export const list = defineEndpoint({
  method: 'GET',
  path: '/ops/invites',
  role: 'admin',
  query: InviteListQuerySchema,
  responses: { 200: InvitePageSchema, ...opsErrors },
})

export const revoke = defineEndpoint({
  method: 'POST',
  path: '/ops/invites/:code/revoke',
  role: 'admin',
  params: InviteCodeParamsSchema,
  body: NoBodySchema,
  responses: { 200: RevokedInviteSchema, 404: e, 409: e, ...opsErrors },
})
