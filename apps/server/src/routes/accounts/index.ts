import {
  AccountListQuerySchema,
  AccountPageSchema,
  AccountParamsSchema,
  AccountSchema,
  ErrorResponseSchema,
} from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import type { CursorCodec } from '../../lib/cursor.ts'
import { getAccount, listAccounts } from '../../modules/accounts/service.ts'

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema }

const accountRoutes: FastifyPluginAsyncZod<{ db: Db; cursors: CursorCodec }> = async (
  app,
  { db, cursors },
) => {
  app.addHook('preHandler', app.authenticate)

  app.get(
    '/accounts',
    { schema: { querystring: AccountListQuerySchema, response: { 200: AccountPageSchema, ...errors } } },
    async (request) => listAccounts(db, cursors, request.user.id, request.query),
  )

  app.get(
    '/accounts/:accountUid',
    {
      schema: {
        params: AccountParamsSchema,
        response: { 200: AccountSchema, 404: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => getAccount(db, request.user.id, request.params.accountUid),
  )
}
export default accountRoutes
