/** Telegram sign-in and the token refresh (spec section 7). */
import { TelegramAuthorizeBodySchema } from '../auth.ts'
import { ErrorResponseSchema as e } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import { TokenPairSchema } from '../session.ts'

export const authorize = defineEndpoint({
  method: 'POST',
  path: '/auth/telegram/authorize',
  auth: 'none',
  body: TelegramAuthorizeBodySchema,
  responses: { 200: TokenPairSchema, 400: e, 401: e, 403: e, 406: e },
})

/** The refresh token comes as the bearer token; no body. */
export const refresh = defineEndpoint({
  method: 'POST',
  path: '/auth/refresh',
  auth: 'refresh',
  body: null,
  responses: { 200: TokenPairSchema, 401: e },
})
