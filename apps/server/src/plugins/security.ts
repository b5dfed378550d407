/**
 * Security headers (helmet) and CORS limited to the configured app origins. Framing (docs/web.md, 'Framing'): a
 * page may be framed by the app's own origin (the simulator frames the mini-app); the mini-app's pages also by
 * Telegram's web clients, which open a mini-app in an iframe (`reply.allowMiniAppFraming()`), so that a user there
 * sees the app's platform gate rather than the browser's refusal; the console by nobody (`reply.refuseFraming()`).
 */
import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import type { FastifyReply } from 'fastify'
import { globalPlugin } from './global-plugin.ts'

declare module 'fastify' {
  interface FastifyReply {
    /**
     * This answer is a page of the mini-app: the app itself and the configured origins may frame it. Its inline
     * scripts run when named here by their hashes (`'sha256-...'`), never by 'unsafe-inline'.
     */
    allowMiniAppFraming(inlineScripts?: readonly string[]): void
    /** No page may frame this answer, not even the app's own. */
    refuseFraming(): void
  }
}

export type SecurityOptions = {
  appOrigins: string[]
  isProduction: boolean
  /** Origins besides the app's own that may frame the mini-app's pages (Telegram Web by default). */
  miniAppFrameAncestors: string[]
}

/** The content security policy, but for who may frame the page and which inline scripts run. */
function contentSecurityPolicy(frameAncestors: string[], inlineScripts: readonly string[] = []) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'", ...inlineScripts],
      // The UI kit and React set inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      frameAncestors,
      // The simulator page embeds the mini-app in an iframe from the same origin.
      frameSrc: ["'self'"],
    },
  }
}

export const securityPlugin = globalPlugin<SecurityOptions>(
  'security',
  async (app, { appOrigins, isProduction, miniAppFrameAncestors }) => {
    await app.register(helmet, {
      contentSecurityPolicy: contentSecurityPolicy(["'self'"]),
      // X-Frame-Options for browsers without frame-ancestors: the same rule, same-origin framing only.
      frameguard: { action: 'sameorigin' },
      // The dev server is plain http: HSTS only means something in production behind TLS.
      strictTransportSecurity: isProduction,
    })
    const miniAppAncestors = ["'self'", ...miniAppFrameAncestors]
    app.decorateReply(
      'allowMiniAppFraming',
      function (this: FastifyReply, inlineScripts?: readonly string[]) {
        this.helmet({
          contentSecurityPolicy: contentSecurityPolicy(miniAppAncestors, inlineScripts),
          frameguard: false,
        })
        // X-Frame-Options cannot name other origins (ALLOW-FROM is gone); frame-ancestors says who may.
        this.raw.removeHeader('x-frame-options')
      },
    )
    const refusingPolicy = contentSecurityPolicy(["'none'"])
    app.decorateReply('refuseFraming', function (this: FastifyReply) {
      this.helmet({ contentSecurityPolicy: refusingPolicy, frameguard: { action: 'deny' } })
    })
    // Balances, accounts, tokens: an API answer is personal unless its route says otherwise (locales, flags and
    // built files set their own caching). No browser, proxy or Telegram webview cache may keep it.
    app.addHook('onSend', async (_request, reply, payload) => {
      const type = reply.getHeader('content-type')
      if (
        !reply.hasHeader('cache-control') &&
        typeof type === 'string' &&
        type.startsWith('application/json')
      ) {
        reply.header('cache-control', 'no-store')
      }
      return payload
    })
    await app.register(cors, {
      origin: appOrigins,
      methods: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language'],
      maxAge: 600,
    })
  },
)
