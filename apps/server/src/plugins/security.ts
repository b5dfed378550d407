/** Security headers (helmet) and CORS limited to the configured app origins. */
import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import { globalPlugin } from './global-plugin.ts'

export const securityPlugin = globalPlugin<{ appOrigins: string[]; isProduction: boolean }>(
  'security',
  async (app, { appOrigins, isProduction }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          // The UI kit and React set inline style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          // The simulator page embeds the mini-app in an iframe from the same origin.
          frameAncestors: ["'self'"],
          frameSrc: ["'self'"],
        },
      },
      // Same reason as frame-ancestors: allow same-origin framing.
      frameguard: { action: 'sameorigin' },
      // The dev server is plain http: HSTS only means something in production behind TLS.
      strictTransportSecurity: isProduction,
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
