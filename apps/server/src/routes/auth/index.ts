import { ErrorResponseSchema, TelegramAuthorizeBodySchema, TokenPairSchema } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { unauthorized } from '../../lib/domain-error.ts'
import { bearerToken } from '../../plugins/authenticate.ts'
import type { WithServices } from '../../services.ts'
import { authRouteLimit } from './rate-limit.ts'

const authRoutes: FastifyPluginAsyncZod<WithServices<'auth'>> = async (app, { services: { auth } }) => {
  const limit = authRouteLimit(app)

  app.post(
    '/auth/telegram/authorize',
    {
      ...limit,
      schema: {
        body: TelegramAuthorizeBodySchema,
        response: {
          200: TokenPairSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          406: ErrorResponseSchema,
        },
      },
    },
    async (request) => auth.authorizeTelegram(request.body.initData, request.body.referralCode),
  )

  app.post(
    '/auth/refresh',
    {
      ...limit,
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
