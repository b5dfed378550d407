/** Telegram sign-in, the token refresh (spec section 7) and the language of the signed-in user's launch. */
import * as z from 'zod/mini'
import { SetLanguageBodySchema, TelegramAuthorizeBodySchema } from '../auth.ts'
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

/**
 * Signs out: the refresh token comes as the bearer token, and its session (refresh family) is revoked. 204 for a
 * token nobody issued too (nothing to end); no body.
 */
export const logout = defineEndpoint({
  method: 'POST',
  path: '/auth/logout',
  auth: 'refresh',
  body: null,
  responses: { 204: z.null(), 401: e },
})

/**
 * Each launch with stored tokens tells the server the language the app shows (sign-in alone did, so a relaunch in
 * another language left the bot writing in the old one). Not under /auth: not a sign-in, outside its rate budget.
 */
export const language = defineEndpoint({
  method: 'PUT',
  path: '/me/language',
  auth: 'access',
  body: SetLanguageBodySchema,
  // No content (email-auth's NoContentSchema would bring that module into the first screen).
  responses: { 204: z.null(), 400: e, 401: e },
})
