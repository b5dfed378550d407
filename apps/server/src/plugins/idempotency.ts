/**
 * Idempotency keys on the users' state-changing calls (docs/resilience.md, 'Poor network'). Every API route a
 * user's token may call with POST, PUT, PATCH or DELETE (not /auth/*, whose answers carry tokens and which have
 * no user yet, not /ops/* nor /locales/*) accepts an `Idempotency-Key` header:
 * - the first request with a key runs the call, and its answer (2xx, 3xx, or a 4xx that asking again would not
 *   change) is stored per (user, key); a 5xx, 408, 409, 425 or 429 frees the key instead, so a retry runs again;
 * - a repeat with the same key and the same request gets that answer again (`Idempotent-Replayed: true`), without
 *   running anything: a lost answer retried never makes a second account, invoice or payout;
 * - a repeat while the first still runs waits for its answer (409 IDEMPOTENCY_KEY_IN_PROGRESS after 10 s);
 * - the same key with another call or body: 422 IDEMPOTENCY_KEY_REUSED.
 * Without the header a call behaves as it always did.
 *
 * Register it after authentication's decorator and before the routes: it attaches to each route as it is declared,
 * its check running after the route plugin's own `app.authenticate` (route hooks run after the plugin's), and its
 * answer recorder before compression (it stores the JSON text, not the encoded bytes).
 */
import { ErrorResponseSchema, IdempotencyHeadersSchema } from '@app/contract'
import type {
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify'
import { DomainError } from '../lib/domain-error.ts'
import type { WithServices } from '../services.ts'
import { globalPlugin } from './global-plugin.ts'
import { isApiRoute } from './openapi.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request runs an idempotent call under a key it claimed. */
    idempotency: { userId: number; key: string; requestHash: string } | null
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** Not users' state-changing calls: sign-in (no user yet, tokens in the answers), operators, translations. */
const OTHER_CALLS = /^\/(auth|ops|locales)(\/|$)/

/** Answers a retry may change: stored answers would pin them, so the key is freed instead. */
const TRANSIENT = new Set([408, 409, 425, 429])

export function isIdempotentRoute(route: Pick<RouteOptions, 'method' | 'url'>): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method]
  return (
    methods.some((method) => STATE_CHANGING.has(String(method).toUpperCase())) &&
    isApiRoute(route.url) &&
    !OTHER_CALLS.test(route.url)
  )
}

function asArray<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return []
  return Array.isArray(hooks) ? hooks : [hooks]
}

export const idempotencyPlugin = globalPlugin<WithServices<'idempotency'>>(
  'idempotency',
  async (app, { services: { idempotency } }) => {
    app.decorateRequest('idempotency', null)

    const check: preHandlerHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      const key = request.headers['idempotency-key']
      // The user is set by the route's `app.authenticate`; a call without one has no key to keep.
      if (typeof key !== 'string' || !request.user) return
      const outcome = await idempotency.begin({
        userId: request.user.id,
        key,
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        params: request.params,
        body: request.body,
      })
      switch (outcome.kind) {
        case 'run':
          request.idempotency = { userId: request.user.id, key, requestHash: outcome.requestHash }
          return
        case 'replay':
          return reply
            .code(outcome.status)
            .header('idempotent-replayed', 'true')
            .type('application/json; charset=utf-8')
            .send(outcome.body)
        case 'reused':
          throw new DomainError(
            422,
            'IDEMPOTENCY_KEY_REUSED',
            'This Idempotency-Key was sent with another request; send a new key for a new request',
          )
        case 'in-progress':
          throw new DomainError(
            409,
            'IDEMPOTENCY_KEY_IN_PROGRESS',
            'The first request with this Idempotency-Key is still running; ask again in a moment',
          )
      }
    }

    const record: onSendHookHandler = async (request, reply, payload) => {
      const claimed = request.idempotency
      if (claimed === null) return payload
      request.idempotency = null
      const { userId, key, requestHash } = claimed
      const status = reply.statusCode
      if (status >= 500 || TRANSIENT.has(status) || (payload !== null && typeof payload !== 'string')) {
        await idempotency.release(userId, key, requestHash)
      } else {
        await idempotency.answer(userId, key, requestHash, status, payload ?? '')
      }
      return payload
    }

    app.addHook('onRoute', (route) => {
      if (!isIdempotentRoute(route)) return
      route.schema ??= {}
      // The header, checked (and described in GET /openapi.json) with the route's other inputs; loose, so every
      // other header passes through untouched.
      route.schema.headers ??= IdempotencyHeadersSchema
      const declared = route.schema.response as Record<string, unknown> | undefined
      if (declared !== undefined) {
        route.schema.response = {
          409: ErrorResponseSchema,
          422: ErrorResponseSchema,
          ...declared,
        }
      }
      route.preHandler = [...asArray(route.preHandler), check]
      route.onSend = [record, ...asArray(route.onSend)]
    })
  },
)
