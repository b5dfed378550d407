import {
  AccountListQuerySchema,
  AccountPageSchema,
  AccountParamsSchema,
  AccountSchema,
  ErrorResponseSchema,
} from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { WithServices } from '../../services.ts'

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema }

const accountRoutes: FastifyPluginAsyncZod<WithServices<'accounts'>> = async (
  app,
  { services: { accounts } },
) => {
  app.addHook('preHandler', app.authenticate)

  app.get(
    '/accounts',
    { schema: { querystring: AccountListQuerySchema, response: { 200: AccountPageSchema, ...errors } } },
    async (request) => accounts.list(request.user.id, request.query),
  )

  app.get(
    '/accounts/:accountUid',
    {
      schema: {
        params: AccountParamsSchema,
        response: { 200: AccountSchema, 404: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => accounts.get(request.user.id, request.params.accountUid),
  )
}
export default accountRoutes
