import { ErrorResponseSchema, TelegramAuthorizeBodySchema, TokenPairSchema } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { unauthorized } from '../../lib/domain-error.ts'
import { bearerToken } from '../../plugins/authenticate.ts'
import type { WithServices } from '../../services.ts'

const authRoutes: FastifyPluginAsyncZod<WithServices<'auth'> & { rateLimitMax: number }> = async (
  app,
  { services: { auth }, rateLimitMax },
) => {
  // Stricter than the global limit: these calls are what a credential-stuffing client would hammer.
  const rateLimit = { max: rateLimitMax, timeWindow: 60_000 }

  app.post(
    '/auth/telegram/authorize',
    {
      config: { rateLimit },
      schema: {
        body: TelegramAuthorizeBodySchema,
        response: {
          200: TokenPairSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          406: ErrorResponseSchema,
        },
      },
    },
    async (request) => auth.authorizeTelegram(request.body.initData, request.body.referralCode),
  )

  app.post(
    '/auth/refresh',
    {
      config: { rateLimit },
      // No body: the refresh token comes as the bearer token (spec section 7).
      schema: { response: { 200: TokenPairSchema, 401: ErrorResponseSchema } },
    },
    async (request) => {
      const token = bearerToken(request)
      if (token === undefined) throw unauthorized('Refresh token required')
      return auth.refresh(token)
    },
  )
}
export default authRoutes
