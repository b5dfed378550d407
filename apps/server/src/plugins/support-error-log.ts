/**
 * Keeps the last error answers each signed-in user met (docs/support.md), which operators see beside their
 * thread: the route, status, code and request id, never the body. Written after the answer left; a failure to
 * write is logged and forgotten. Every error answer says its request id (`X-Request-Id`) for the same reason.
 */
import type { FastifyInstance } from 'fastify'
import type { WithServices } from '../services.ts'
import { globalPlugin } from './global-plugin.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The error answer's code, read as it is sent. */
    errorCode: string | null
  }
}

export const supportErrorLogPlugin = globalPlugin<WithServices<'support'>>(
  'support-error-log',
  async (app: FastifyInstance, { services: { support } }) => {
    app.decorateRequest('errorCode', null)
    app.addHook('onSend', async (request, reply, payload) => {
      // The mini-app puts it in a support message started from this error.
      if (reply.statusCode >= 400) reply.header('x-request-id', String(request.id))
      if (reply.statusCode >= 400 && typeof payload === 'string' && payload.startsWith('{')) {
        try {
          const code = (JSON.parse(payload) as { code?: unknown }).code
          if (typeof code === 'string') request.errorCode = code.slice(0, 64)
        } catch {
          // Not JSON after all: no code.
        }
      }
      return payload
    })
    app.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode < 400 || !request.user || request.url.startsWith('/ops/')) return
      support
        .recordUserError({
          userId: request.user.id,
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: reply.statusCode,
          code: request.errorCode,
          requestId: String(request.id),
          at: new Date(),
        })
        .catch((error: unknown) => request.log.warn({ err: error }, 'support: error not kept'))
    })
  },
)
