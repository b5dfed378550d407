/**
 * Email and password sign-in (spec section 7; docs/email-auth.md): register, verify, log in, reset. Rate limited
 * per client address like the other /auth calls, and per email and per address in the service.
 */
import { emailAuthCalls, FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@app/contract'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import { bearerToken } from '#plugins/authenticate.ts'
import type { WithServices } from '#src/services.ts'
import type { AuthUser } from '../auth/repository.ts'
import { authRouteLimit } from '../auth/route-limit.ts'
import type { AuthService } from '../auth/service.ts'
import type { Requester } from './context.ts'

/** The first of our languages the header prefers (`fa-IR,fa;q=0.9,en;q=0.8` -> fa), else English. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return FALLBACK_LANGUAGE
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  const found = ranked.find((entry) => (LANGUAGES as readonly string[]).includes(entry.base))
  return (found?.base as Language | undefined) ?? FALLBACK_LANGUAGE
}

function requester(request: FastifyRequest, lng: Language | undefined): Requester {
  const header = request.headers['accept-language']
  return {
    ip: request.ip,
    language: lng ?? languageFromHeader(typeof header === 'string' ? header : undefined),
  }
}

/**
 * The signed-in user, when the call carries a bearer token (registering and proving while signed in through
 * Telegram). A token that does not work is a 401 (the client refreshes and tries again), never an anonymous call.
 */
function sessionUserOf(request: FastifyRequest, auth: AuthService): Promise<AuthUser | undefined> {
  const token = bearerToken(request)
  return token === undefined ? Promise.resolve(undefined) : auth.authenticate(token)
}

const emailAuthRoutes: FastifyPluginAsyncZod<WithServices<'auth' | 'emailAuth'>> = async (
  app,
  { services: { auth, emailAuth } },
) => {
  const limit = authRouteLimit(app)

  route(app, emailAuthCalls.register, limit, async (request, reply) => {
    // Signed in through Telegram: the email is for that user, once that user proves it.
    const sessionUser = await sessionUserOf(request, auth)
    const { email, password, referralCode, lng } = request.body
    const answer = await emailAuth.register(
      { email, password, referralCode },
      sessionUser,
      requester(request, lng),
    )
    return reply.code(201).send(answer)
  })

  route(app, emailAuthCalls.requestVerification, limit, async (request, reply) => {
    await emailAuth.requestVerification(request.body, requester(request, request.body.lng))
    return reply.code(204).send(null)
  })

  route(app, emailAuthCalls.confirmVerification, limit, async (request, reply) => {
    // The prover: a registration made while signed in is proven with that session only.
    await emailAuth.confirmVerification(request.body, await sessionUserOf(request, auth))
    return reply.code(204).send(null)
  })

  route(app, emailAuthCalls.login, limit, async (request) =>
    emailAuth.login(request.body, { ip: request.ip }),
  )

  route(app, emailAuthCalls.requestPasswordReset, limit, async (request, reply) => {
    const { email, newPassword, lng } = request.body
    await emailAuth.requestPasswordReset({ email, newPassword }, requester(request, lng))
    return reply.code(204).send(null)
  })

  route(app, emailAuthCalls.confirmPasswordReset, limit, async (request, reply) => {
    await emailAuth.confirmPasswordReset(request.body)
    return reply.code(204).send(null)
  })
}
export default emailAuthRoutes
