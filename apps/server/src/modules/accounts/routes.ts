import { accountCalls } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'

const accountRoutes: FastifyPluginAsyncZod<WithServices<'accounts'>> = async (
  app,
  { services: { accounts } },
) => {
  app.addHook('preHandler', app.authenticate)

  route(app, accountCalls.list, async (request) => accounts.list(request.user.id, request.query))

  route(app, accountCalls.get, async (request) => accounts.get(request.user.id, request.params.accountUid))
}
export default accountRoutes
