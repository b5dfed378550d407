/** Operator API for root invite codes: create, list, revoke (docs/console.md). */
import { opsInviteCalls } from '@app/contract/ops'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'

const inviteOpsRoutes: FastifyPluginAsyncZod<WithServices<'invites' | 'audit'>> = async (
  app,
  { services: { invites, audit } },
) => {
  route(app, opsInviteCalls.create, async (request, reply) => {
    const code = await audit.record(
      request.operator,
      { action: 'invite.create', objectType: 'invite', objectId: request.body?.code ?? null },
      (s) => s.invites.create(request.body?.code, request.operator.login),
      (created) => ({ code: created }),
    )
    return reply.code(201).send({ code })
  })

  route(app, opsInviteCalls.list, async (request) => invites.list(request.query))

  route(app, opsInviteCalls.revoke, async (request) => {
    const { code } = request.params
    return audit.record(
      request.operator,
      { action: 'invite.revoke', objectType: 'invite', objectId: code, before: (s) => s.invites.state(code) },
      (s) => s.invites.revoke(code),
    )
  })
}
export default inviteOpsRoutes
