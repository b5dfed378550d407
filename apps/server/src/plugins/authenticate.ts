/**
 * `app.authenticate`: the preHandler for user routes. It verifies the bearer access token and
 * sets `request.user`; anything missing or invalid is a 401 UNAUTHORIZED.
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

export const authenticatePlugin = globalPlugin<WithServices<'auth'>>(
  'authenticate',
  async (app, { services: { auth } }) => {
    app.decorateRequest('user', null as unknown as AuthUser)
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request)
      if (token === undefined) throw unauthorized()
      request.user = await auth.authenticate(token)
    })
  },
)
