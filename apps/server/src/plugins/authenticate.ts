/**
 * `app.authenticate`: the preHandler for user routes. It verifies the bearer access token, reads its user (not
 * blocked) and sets `request.user`; anything missing or invalid is a 401 UNAUTHORIZED. `GET /dashboard`, the
 * busiest route, checks the token itself and reads the user in its own statement (modules/dashboard/service.ts).
 */
import type { FastifyRequest } from 'fastify'
import { unauthorized } from '../lib/domain-error.ts'
import type { AuthUser } from '../modules/auth/repository.ts'
import type { WithServices } from '../services.ts'
import { globalPlugin } from './global-plugin.ts'

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; read it only in routes that use that preHandler. */
    user: AuthUser
  }
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (typeof header !== 'string') return undefined
  const match = /^Bearer\s+([^\s]+)\s*$/i.exec(header)
  return match?.[1]
}

/** The bearer token, or a 401 when there is none. */
export function requireBearerToken(request: FastifyRequest): string {
  const token = bearerToken(request)
  if (token === undefined) throw unauthorized()
  return token
}

export const authenticatePlugin = globalPlugin<WithServices<'auth'>>(
  'authenticate',
  async (app, { services: { auth } }) => {
    app.decorateRequest('user', null as unknown as AuthUser)
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.user = await auth.authenticate(requireBearerToken(request))
    })
  },
)
