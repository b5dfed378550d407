/**
 * Operator HTTP API under /ops, for the CLI and the web console. PGlite is single-process,
 * so operator tools go through the running server instead of opening the data folder.
 * Every call but the console's login needs `Authorization: Bearer <OPS_TOKEN or a personal API token>` or the
 * console's session cookie (plus the CSRF header on state-changing calls), and the least role its contract
 * declaration names (modules/operators/access.ts). Every change is written to the audit log in its transaction
 * (`audit.record`, docs/console.md).
 */
import {
  opsAccountCalls,
  opsInviteCalls,
  opsOrderCalls,
  opsSettingCalls,
  opsUserCalls,
} from '@app/contract/ops'
import fastifyCookie from '@fastify/cookie'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DomainError, unauthorized } from '../../lib/domain-error.ts'
import invoiceOpsRoutes from '../../modules/invoices/ops-routes.ts'
import ledgerOpsRoutes from '../../modules/ledger/ops-routes.ts'
import { roleMayCall } from '../../modules/operators/access.ts'
import type { OperatorActor } from '../../modules/operators/actor.ts'
import { showOrder } from '../../modules/orders/service.ts'
import rateOpsRoutes from '../../modules/rates/ops-routes.ts'
import transactionOpsRoutes from '../../modules/transactions/ops-routes.ts'
import { bearerToken } from '../../plugins/authenticate.ts'
import type { WithServices } from '../../services.ts'
import { route } from '../route.ts'
import exportsOpsRoutes from './exports.ts'
import newsOpsRoutes from './news.ts'
import operatorRoutes from './operators.ts'
import { requireReason } from './reason.ts'
import { CSRF_HEADER, readCookie, SESSION_COOKIE } from './session-cookies.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling an /ops route: set by the ops routes' onRequest hook. */
    operator: OperatorActor
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

const opsRoutes: FastifyPluginAsyncZod<
  WithServices<
    | 'operators'
    | 'audit'
    | 'invites'
    | 'settings'
    | 'orders'
    | 'accounts'
    | 'invoices'
    | 'transactions'
    | 'exchangeRates'
    | 'ledger'
    | 'users'
    | 'news'
    | 'bot'
    | 'exports'
  > & { secureCookies: boolean; loginRateLimitMax: number }
> = async (app, { services, secureCookies, loginRateLimitMax }) => {
  const { invites, settings, orders, accounts, users, operators, audit } = services
  // The console's session cookies (session-cookies.ts), parsed before the hook below reads them.
  await app.register(fastifyCookie)
  app.decorateRequest('operator', null as unknown as OperatorActor)
  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config.endpoint?.role
    if (rule === 'public') return
    // The credentials are checked first: a working token or session is admitted whatever wrong ones came from the
    // same address before (issue 18); only a failure is counted and, past the address's budget, answered 429.
    const actor = await authenticateOperator(request).catch(async (error: unknown) => {
      // A guess is a token or session that does not work; a call with neither (the console before its login) is not.
      const presented =
        bearerToken(request) !== undefined || readCookie(request, SESSION_COOKIE) !== undefined
      if (presented && error instanceof DomainError && (error.statusCode === 401 || error.statusCode === 403))
        await app.operatorAuthFailures.failed(request, error.message)
      throw error
    })
    if (!roleMayCall(actor.role, rule))
      throw new DomainError(403, 'UNAUTHORIZED', `The ${actor.role} role may not make this call`)
    request.operator = actor
  })

  /** The caller behind a bearer token (CLI) or a console session (with its CSRF token on changes). */
  async function authenticateOperator(request: FastifyRequest): Promise<OperatorActor> {
    const token = bearerToken(request)
    const session = readCookie(request, SESSION_COOKIE)
    let actor: OperatorActor
    if (token !== undefined) actor = await operators.authenticateToken(token)
    else if (session !== undefined) {
      actor = await operators.authenticateSession(session)
      if (!SAFE_METHODS.has(request.method)) {
        const header = request.headers[CSRF_HEADER]
        const presented = typeof header === 'string' ? header : undefined
        // The session's own token (an HMAC of it), which only the console's pages can read (session-cookies.ts).
        if (!operators.csrfMatches(actor, presented))
          throw new DomainError(403, 'UNAUTHORIZED', 'CSRF token missing or wrong')
      }
    } else throw unauthorized('Operator token required')
    return actor
  }

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

  route(app, opsUserCalls.search, async (request) => users.search(request.query))

  route(app, opsSettingCalls.list, async () => settings.display())

  route(app, opsSettingCalls.problems, async () => {
    // Within the CLI's patience (15 s) even when Telegram does not answer.
    const problem = await services.bot.channelProblem({ timeoutMs: 5000 })
    return problem === undefined ? [] : [{ key: 'channel_username' as const, problem }]
  })

  route(app, opsSettingCalls.pending, async () => settings.pending())

  route(app, opsSettingCalls.set, async (request) => {
    const { key } = request.params
    return audit.record(
      request.operator,
      {
        action: 'setting.set',
        objectType: 'setting',
        objectId: key,
        before: (s) => s.settings.snapshot(key),
      },
      (s) => s.settings.set(key, request.body.value, request.operator.login),
    )
  })

  route(app, opsOrderCalls.list, async () => (await orders.list()).map(showOrder))

  route(app, opsOrderCalls.create, async (request, reply) =>
    reply
      .code(201)
      .send(
        await audit.record(
          request.operator,
          { action: 'order.create', objectType: 'order', objectId: request.body.country.toUpperCase() },
          async (s) => showOrder(await s.orders.create(request.body)),
        ),
      ),
  )

  route(app, opsOrderCalls.change, async (request) => {
    const { country } = request.params
    return audit.record(
      request.operator,
      {
        action: 'order.change',
        objectType: 'order',
        objectId: country.toUpperCase(),
        before: (s) => s.orders.snapshot(country),
      },
      async (s) => showOrder(await s.orders.change(country, request.body)),
    )
  })

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

  route(app, opsUserCalls.get, async (request) => users.show(request.params.user))

  /**
   * A change of a user (flags, block, unblock), audited under the user's own id (every user has one, whatever way
   * they signed in), with their state before it.
   */
  const changeUser = async <T>(
    action: string,
    user: string,
    reason: string | null,
    change: (s: { users: typeof users }, uid: string) => Promise<T>,
    operator: OperatorActor,
  ) => {
    const { uid } = await users.show(user)
    return audit.record(
      operator,
      { action, objectType: 'user', objectId: uid, reason, before: (s) => s.users.show(uid) },
      (s) => change(s, uid),
    )
  }

  route(app, opsUserCalls.setFlags, async (request) =>
    changeUser(
      'user.flags',
      request.params.user,
      null,
      (s, uid) => s.users.setFlags(uid, request.body),
      request.operator,
    ),
  )

  route(app, opsUserCalls.block, async (request) =>
    changeUser(
      'user.block',
      request.params.user,
      request.body.reason,
      (s, uid) => s.users.block(uid, request.body.reason),
      request.operator,
    ),
  )

  route(app, opsUserCalls.unblock, async (request) =>
    changeUser(
      'user.unblock',
      request.params.user,
      request.body?.reason ?? null,
      (s, uid) => s.users.unblock(uid),
      request.operator,
    ),
  )

  await app.register(invoiceOpsRoutes, { services })
  await app.register(transactionOpsRoutes, { services })
  await app.register(rateOpsRoutes, { services })
  await app.register(ledgerOpsRoutes, { services })
  await app.register(exportsOpsRoutes, { services })
  await app.register(newsOpsRoutes, { services })
  await app.register(operatorRoutes, { services, secureCookies, loginRateLimitMax })
}
export default opsRoutes
