import type { FastifyInstance } from 'fastify'

/**
 * One budget for every `/auth/*` call of a client (AUTH_RATE_LIMIT_MAX a minute, docs/configuration.md): stricter than the
 * global limit, because these are what a credential-stuffing client hammers, and shared across the calls, so
 * that spreading attempts over Telegram sign-in, refresh, login and the code calls buys nothing. Counted on
 * request, before the body is validated: a malformed attempt is an attempt.
 */
export const authRouteLimit = (app: FastifyInstance) =>
  ({ config: { rateLimit: false }, onRequest: app.authRateLimit }) as const
