/** Operator API for accounts: search, a user's accounts, a status override with its reason (docs/console.md). */
import { opsAccountCalls } from '@app/contract/ops'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'
import { requireReason } from '../audit/reason.ts'

const accountOpsRoutes: FastifyPluginAsyncZod<WithServices<'accounts' | 'users' | 'audit'>> = async (
  app,
  { services: { accounts, users, audit } },
) => {
  route(app, opsAccountCalls.search, async (request) => accounts.searchForOperators(request.query))

  route(app, opsAccountCalls.setStatus, async (request) => {
    const { uid } = request.params
    return audit.record(
      request.operator,
      {
        action: 'account.status',
        objectType: 'account',
        objectId: uid,
        reason: requireReason(request.operator, request.body.reason),
        before: (s) => s.accounts.snapshot(uid),
      },
      (s) => s.accounts.overrideStatus(uid, request.body.status),
    )
  })

  route(app, opsAccountCalls.ofUser, async (request) =>
    accounts.listOfUser(await users.idOf(request.params.user), request.query.limit),
  )
}
export default accountOpsRoutes
