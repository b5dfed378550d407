/** Operator API for users: search, show, flags, block and unblock (docs/console.md). */
import { opsUserCalls } from '@app/contract/ops'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { AuditedServices, Services, WithServices } from '#src/services.ts'
import type { AuditActor } from '../audit/service.ts'

type UserChange = {
  action: string
  user: string
  reason: string | null
  operator: AuditActor
}

/**
 * A change of a user (flags, block, unblock), audited under the user's own id (every user has one, whatever way
 * they signed in), with their state before it.
 */
async function changeUser<T>(
  { users, audit }: Pick<Services, 'users' | 'audit'>,
  { action, user, reason, operator }: UserChange,
  change: (s: AuditedServices, uid: string) => Promise<T>,
): Promise<T> {
  const { uid } = await users.show(user)
  return audit.record(
    operator,
    { action, objectType: 'user', objectId: uid, reason, before: (s) => s.users.show(uid) },
    (s) => change(s, uid),
  )
}

const userOpsRoutes: FastifyPluginAsyncZod<WithServices<'users' | 'audit'>> = async (app, { services }) => {
  const { users } = services

  route(app, opsUserCalls.search, async (request) => users.search(request.query))

  route(app, opsUserCalls.get, async (request) => users.show(request.params.user))

  route(app, opsUserCalls.setFlags, async (request) =>
    changeUser(
      services,
      { action: 'user.flags', user: request.params.user, reason: null, operator: request.operator },
      (s, uid) => s.users.setFlags(uid, request.body),
    ),
  )

  route(app, opsUserCalls.block, async (request) =>
    changeUser(
      services,
      {
        action: 'user.block',
        user: request.params.user,
        reason: request.body.reason,
        operator: request.operator,
      },
      (s, uid) => s.users.block(uid, request.body.reason),
    ),
  )

  route(app, opsUserCalls.unblock, async (request) =>
    changeUser(
      services,
      {
        action: 'user.unblock',
        user: request.params.user,
        reason: request.body?.reason ?? null,
        operator: request.operator,
      },
      (s, uid) => s.users.unblock(uid),
    ),
  )
}
export default userOpsRoutes
