/**
 * The app: every plugin and route, wired from one validated Config. `server.ts` only starts it;
 * tests build it against their own database.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import { type Database, openPglite, openPostgres } from './db/client.ts'
import { migrateDatabase } from './db/migrate.ts'
import { createCursorCodec } from './lib/cursor.ts'
import { loadEnglishMessages } from './lib/validation-messages.ts'
import { loggerOptions } from './logger.ts'
import { createAccountSubmissionService } from './modules/account-submission/service.ts'
import { createAccessTokenSigner } from './modules/auth/access-tokens.ts'
import { createAuthService } from './modules/auth/service.ts'
import {
  type ChannelMembershipChecker,
  settingsOnlyMembershipChecker,
} from './modules/dashboard/channel-membership.ts'
import { seedDemoData } from './modules/demo/seed-demo-data.ts'
import { resolveAuthSecret, resolveBotToken } from './modules/secrets/service.ts'
import { startValidationLoop } from './modules/validation/service.ts'
import { opsApi } from './ops/api.ts'
import { resolveOpsToken } from './ops/ops-token.ts'
import { authenticatePlugin } from './plugins/authenticate.ts'
import { errorHandlerPlugin } from './plugins/error-handler.ts'
import { rateLimitPlugin } from './plugins/rate-limit.ts'
import { securityPlugin } from './plugins/security.ts'
import { webAppPlugin } from './plugins/web-app.ts'
import type { AccountProvider } from './providers/account-provider.ts'
import { createSandboxProvider } from './providers/sandbox/sandbox-provider.ts'
import accountSubmissionRoutes from './routes/account-submission/index.ts'
import accountRoutes from './routes/accounts/index.ts'
import authRoutes from './routes/auth/index.ts'
import dashboardRoutes from './routes/dashboard/index.ts'
import flagRoutes from './routes/flags/index.ts'
import healthRoutes from './routes/health/index.ts'
import invoiceRoutes from './routes/invoices/index.ts'
import localesRoutes from './routes/locales/index.ts'
import paymentRoutes from './routes/payments/index.ts'
import sandboxRoutes from './routes/sandbox/index.ts'
import simulatorRoutes from './routes/simulator/index.ts'

export const BODY_LIMIT_BYTES = 64 * 1024

export type AppDeps = {
  /** An open database. The app migrates it but does not close it: its owner does. */
  database?: Database
  channelMembership?: ChannelMembershipChecker
  /** The account provider; default from ACCOUNT_PROVIDER (the sandbox). */
  accountProvider?: AccountProvider
  now?: () => Date
  /** Log destination instead of stdout. */
  logStream?: NodeJS.WritableStream
}

function createAccountProvider(config: Config): AccountProvider {
  switch (config.accountProvider) {
    case 'sandbox':
      return createSandboxProvider()
  }
}

async function openDatabase(config: Config, onPoolError: (error: Error) => void): Promise<Database> {
  return config.databaseUrl === undefined
    ? openPglite(config.dataDir)
    : openPostgres(config.databaseUrl, onPoolError)
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  // JSON only. An empty JSON body counts as no body (clients often send the header anyway):
  // the route's schema then decides whether a body was required.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.trim() === '') return done(null, undefined)
    parseJson(request, text, done)
  })

  const ownsDatabase = deps.database === undefined
  const database =
    deps.database ??
    (await openDatabase(config, (error) => app.log.error({ err: error }, 'database pool error')))
  if (ownsDatabase) app.addHook('onClose', () => database.close())
  try {
    await migrateDatabase(database)
    const { db } = database
    const [botToken, authSecret, opsToken] = await Promise.all([
      resolveBotToken(db, config.telegramBotToken),
      resolveAuthSecret(db, config.authSecret),
      resolveOpsToken(config.opsToken, config.dataDir),
    ])
    if (config.demoData) await seedDemoData(db)

    const authService = createAuthService({
      db,
      botToken,
      authMaxAgeSeconds: config.authMaxAgeSeconds,
      accessTokens: createAccessTokenSigner(authSecret, config.accessTokenTtlSeconds),
      refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
      ...(deps.now ? { now: deps.now } : {}),
    })

    const accountProvider = deps.accountProvider ?? createAccountProvider(config)
    const now = deps.now ?? (() => new Date())
    const submission = createAccountSubmissionService({
      db,
      provider: accountProvider,
      sendLimits: config.codeSendLimits,
      now,
    })

    await app.register(errorHandlerPlugin, { resolveMessage: loadEnglishMessages(config.localesDir) })
    await app.register(securityPlugin, { appOrigins: config.appOrigins, isProduction: config.isProduction })
    await app.register(rateLimitPlugin, {
      max: config.rateLimit.max,
      timeWindowMs: config.rateLimit.timeWindowMs,
      redisUrl: config.redisUrl,
    })
    await app.register(authenticatePlugin, { authService })
    await app.register(webAppPlugin, { distDir: config.webDistDir })

    await app.register(healthRoutes, { database })
    await app.register(authRoutes, { authService, rateLimitMax: config.rateLimit.authMax })
    await app.register(dashboardRoutes, {
      db,
      channelMembership: deps.channelMembership ?? settingsOnlyMembershipChecker,
    })
    const cursors = createCursorCodec(authSecret)
    await app.register(accountRoutes, { db, cursors })
    await app.register(invoiceRoutes, { db, cursors, now })
    await app.register(paymentRoutes, { db, cursors, now })
    await app.register(accountSubmissionRoutes, { submission })
    await app.register(flagRoutes)
    if (config.accountProvider === 'sandbox') await app.register(sandboxRoutes)
    await app.register(localesRoutes, { localesDir: config.localesDir })
    await app.register(opsApi, { prefix: '/ops', db, opsToken, now })
    if (config.simulator) await app.register(simulatorRoutes, { botToken })

    if (config.validation.pollMs > 0) {
      const loop = startValidationLoop(
        { db, provider: accountProvider, now, log: app.log },
        { pollMs: config.validation.pollMs, batchSize: config.validation.batchSize },
      )
      // preClose: the loop stops before any onClose hook closes the database.
      app.addHook('preClose', () => loop.stop())
    }
  } catch (error) {
    await app.close().catch(() => undefined)
    throw error
  }
  return app
}
