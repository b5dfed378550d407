/**
 * The operators' access check, for every route under /ops (the CLI's and the console's calls). PGlite is
 * single-process, so operator tools go through the running server instead of opening the data folder.
 * Every call but the console's login needs `Authorization: Bearer <OPS_TOKEN or a personal API token>` or the
 * console's session cookie (plus the CSRF header on state-changing calls), and the least role its contract
 * declaration names (modules/operators/access.ts). Registered in the /ops scope before the modules' ops routes;
 * not encapsulated, so its hook covers each of them. Every change is written to the audit log in its transaction
 * (`audit.record`, docs/console.md).
 */
import fastifyCookie from '@fastify/cookie'
import type { FastifyRequest } from 'fastify'
import { DomainError, unauthorized } from '../lib/domain-error.ts'
import { roleMayCall } from '../modules/operators/access.ts'
import type { OperatorActor } from '../modules/operators/actor.ts'
import { CSRF_HEADER, readCookie, SESSION_COOKIE } from '../modules/operators/session-cookies.ts'
import type { Services, WithServices } from '../services.ts'
import { bearerToken } from './authenticate.ts'
import { globalPlugin } from './global-plugin.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling an /ops route: set by the operators' access check. */
    operator: OperatorActor
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The caller behind a bearer token (CLI) or a console session (with its CSRF token on changes). */
async function authenticateOperator(
  operators: Services['operators'],
  request: FastifyRequest,
): Promise<OperatorActor> {
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

export const operatorAccessPlugin = globalPlugin<WithServices<'operators'>>(
  'operator-access',
  async (app, { services: { operators } }) => {
    // The console's session cookies (modules/operators/session-cookies.ts), parsed before the hook below reads them.
    await app.register(fastifyCookie)
    app.decorateRequest('operator', null as unknown as OperatorActor)
    app.addHook('onRequest', async (request) => {
      const rule = request.routeOptions.config.endpoint?.role
      if (rule === 'public') return
      // The credentials are checked first: a working token or session is admitted whatever wrong ones came from the
      // same address before (issue 18); only a failure is counted and, past the address's budget, answered 429.
      const actor = await authenticateOperator(operators, request).catch(async (error: unknown) => {
        // A guess is a token or session that does not work; a call with neither (the console before its login) is not.
        const presented =
          bearerToken(request) !== undefined || readCookie(request, SESSION_COOKIE) !== undefined
        if (
          presented &&
          error instanceof DomainError &&
          (error.statusCode === 401 || error.statusCode === 403)
        )
          await app.operatorAuthFailures.failed(request, error.message)
        throw error
      })
      if (!roleMayCall(actor.role, rule))
        throw new DomainError(403, 'UNAUTHORIZED', `The ${actor.role} role may not make this call`)
      request.operator = actor
    })
  },
)
