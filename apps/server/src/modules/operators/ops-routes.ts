/**
 * The console's session (login with password and TOTP, who am I, logout, logout everywhere), operators (admin),
 * the audit log and the overview (docs/console.md).
 */
import { opsOperatorCalls as calls } from '@app/contract/ops'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { AuditedServices, WithServices } from '#src/services.ts'
import type { OperatorActor } from './actor.ts'
import { clearSessionCookies, setSessionCookies } from './session-cookies.ts'

export type OperatorRoutesOptions = WithServices<'operators' | 'audit'> & {
  secureCookies: boolean
  loginRateLimitMax: number
}

const operatorRoutes: FastifyPluginAsyncZod<OperatorRoutesOptions> = async (
  app,
  { services: { operators, audit }, secureCookies, loginRateLimitMax },
) => {
  route(
    app,
    calls.login,
    { config: { rateLimit: { max: loginRateLimitMax, timeWindow: 60_000 } } },
    async (request, reply) => {
      const { token, actor } = await operators.login(request.body, { ip: request.ip })
      const me = operators.me(actor)
      setSessionCookies(reply, token, me.csrfToken ?? '', secureCookies)
      return me
    },
  )

  route(app, calls.me, async (request) => operators.me(request.operator))

  route(app, calls.logout, async (request, reply) => {
    const sessions = await operators.logout(request.operator)
    clearSessionCookies(reply, secureCookies)
    return { sessions }
  })

  route(app, calls.logoutEverywhere, async (request, reply) => {
    const sessions = await operators.logoutEverywhere(request.operator)
    clearSessionCookies(reply, secureCookies)
    return { sessions }
  })

  route(app, calls.list, async () => operators.list())

  /**
   * An admin's change of an operator, audited with the operator's picture before and after it (never the password
   * or secret an enrolment answers).
   */
  const change = <T>(
    actor: OperatorActor,
    action: string,
    login: string,
    run: (s: AuditedServices) => Promise<T>,
  ) =>
    audit.record(
      actor,
      { action, objectType: 'operator', objectId: login, before: (s) => s.operators.snapshot(login) },
      run,
      (_result, s) => s.operators.snapshot(login),
    )

  route(app, calls.create, async (request, reply) => {
    const enrolment = await change(request.operator, 'operator.create', request.body.login, (s) =>
      s.operators.create(request.operator, request.body),
    )
    return reply.code(201).send(enrolment)
  })

  route(app, calls.change, async (request) => {
    const { login } = request.params
    return change(request.operator, 'operator.change', login, (s) =>
      s.operators.change(request.operator, login, request.body),
    )
  })

  route(app, calls.issueToken, async (request) => {
    const { login } = request.params
    return change(request.operator, 'operator.api-token', login, (s) =>
      s.operators.issueApiToken(request.operator, login),
    )
  })

  route(app, calls.resetCredentials, async (request) => {
    const { login } = request.params
    return change(request.operator, 'operator.reset-credentials', login, (s) =>
      s.operators.resetCredentials(request.operator, login),
    )
  })

  route(app, calls.audit, async (request) => audit.list(request.query))

  route(app, calls.overview, async () => operators.overview())

  route(app, calls.trends, async () => operators.trends())
}

export default operatorRoutes
