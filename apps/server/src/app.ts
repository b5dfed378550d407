/**
 * The app as a Fastify plugin: the database, the one context and the services built from it, then every
 * plugin and route. `server.ts` creates Fastify with `serverOptions` and registers this plugin; tests do the
 * same against their own database (test/helpers/app.ts).
 */
import { join } from 'node:path'
import { ErrorCode, type ErrorResponse, SANDBOX_HEADER, SANDBOX_HEADER_VALUE } from '@app/contract'
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import { type AppContext, type ContextOverrides, createAppContext } from './context.ts'
import { answerBackupRequests } from './db/backup.ts'
import { type Database, openPglite, openPostgres } from './db/client.ts'
import { migrateDatabase } from './db/migrate.ts'
import { createDatabaseOutage, type DatabaseOutage } from './db/outage.ts'
import { type DevTools, devToolsWanted } from './dev-tools.ts'
import { validationError } from './lib/domain-error.ts'
import { StartupError } from './lib/startup-error.ts'
import { fastifyTrustProxy } from './lib/trust-proxy.ts'
import { loadEnglishMessages } from './lib/validation-messages.ts'
import { loggerOptions } from './logger.ts'
import accountSubmissionRoutes from './modules/account-submission/routes.ts'
import accountOpsRoutes from './modules/accounts/ops-routes.ts'
import accountRoutes from './modules/accounts/routes.ts'
import authRoutes from './modules/auth/routes.ts'
import bankCardRoutes from './modules/bank-cards/routes.ts'
import botWebhookRoutes from './modules/bot/routes.ts'
import dashboardRoutes from './modules/dashboard/routes.ts'
import emailAuthRoutes from './modules/email-auth/routes.ts'
import exportOpsRoutes from './modules/exports/ops-routes.ts'
import flagRoutes from './modules/flags/routes.ts'
import healthRoutes from './modules/health/routes.ts'
import inviteOpsRoutes from './modules/invites/ops-routes.ts'
import invoiceOpsRoutes from './modules/invoices/ops-routes.ts'
import invoiceRoutes from './modules/invoices/routes.ts'
import ledgerOpsRoutes from './modules/ledger/ops-routes.ts'
import { createMissingKeysRecorder } from './modules/locales/missing-keys.ts'
import localesRoutes from './modules/locales/routes.ts'
import newsOpsRoutes from './modules/news/ops-routes.ts'
import newsRoutes from './modules/news/routes.ts'
import operatorOpsRoutes from './modules/operators/ops-routes.ts'
import orderOpsRoutes from './modules/orders/ops-routes.ts'
import rateOpsRoutes from './modules/rates/ops-routes.ts'
import rateRoutes from './modules/rates/routes.ts'
import referralRoutes from './modules/referrals/routes.ts'
import settingOpsRoutes from './modules/settings/ops-routes.ts'
import supportOpsRoutes from './modules/support/ops-routes.ts'
import supportRoutes from './modules/support/routes.ts'
import transactionOpsRoutes from './modules/transactions/ops-routes.ts'
import transactionRoutes from './modules/transactions/routes.ts'
import userOpsRoutes from './modules/users/ops-routes.ts'
import { authenticatePlugin } from './plugins/authenticate.ts'
import { compressionPlugin } from './plugins/compression.ts'
import { consoleAppPlugin } from './plugins/console-app.ts'
import { errorHandlerPlugin } from './plugins/error-handler.ts'
import { globalPlugin } from './plugins/global-plugin.ts'
import { idempotencyPlugin } from './plugins/idempotency.ts'
import { metricsPlugin } from './plugins/metrics.ts'
import { openApiPlugin } from './plugins/openapi.ts'
import { operatorAccessPlugin } from './plugins/operator-access.ts'
import { rateLimitPlugin } from './plugins/rate-limit.ts'
import { securityPlugin } from './plugins/security.ts'
import { supportErrorLogPlugin } from './plugins/support-error-log.ts'
import { webAppPlugin } from './plugins/web-app.ts'
import { createServices } from './services.ts'
import { QuietWarmUpLogs, warmUp } from './warm-up.ts'

const BODY_LIMIT_BYTES = 64 * 1024

/**
 * Errors Fastify answers before any route or error handler sees the request: a URL that does not decode
 * (FST_ERR_BAD_URL, 400) and a path parameter over the router's length (FST_ERR_MAX_PARAM_LENGTH, 414). Left to
 * Fastify they answered in its own shape, with its internal code and the path echoed back; here they answer as
 * every error does (`{ statusCode, code, message }`).
 */
const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, _request, reply) => {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH'
  const body: ErrorResponse = tooLong
    ? { statusCode: 414, code: ErrorCode.URI_TOO_LONG, message: 'A path parameter is too long' }
    : { statusCode: 400, code: ErrorCode.BAD_REQUEST, message: 'Malformed URL' }
  return (reply as FastifyReply).code(body.statusCode).type('application/json; charset=utf-8').send(body)
}

/** The Fastify instance's own options: logger, body limit, proxy trust. */
export function serverOptions(
  config: Config,
  /** Log destination instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream,
): FastifyServerOptions {
  return {
    logger: loggerOptions(config, logStream),
    logController: new QuietWarmUpLogs(),
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Start-up runs inside this plugin and may wait for migrations another process holds the lock of:
    // no time limit, as before the app was a plugin.
    pluginTimeout: 0,
  }
}

export type AppOptions = ContextOverrides & {
  config: Config
  /** An open database. The app migrates it but does not close it: its owner does. */
  database?: Database | undefined
  /** The development tools (dev-tools.ts): only the development entry and tests pass them. */
  devTools?: DevTools | undefined
}

/** An entry without the development tools (production's) refuses settings that need them, rather than ignore them. */
function requireDevTools(config: Config, devTools: DevTools | undefined): void {
  const wanted = devToolsWanted(config)
  if (wanted.length > 0 && devTools === undefined) {
    throw new StartupError(
      `${wanted.join(', ')} need the development tools, which this entry does not load: turn them off, or run apps/server/dev/server.ts (npm start without NODE_ENV=production)`,
    )
  }
}

async function openDatabase(config: Config, onPoolError: (error: Error) => void): Promise<Database> {
  return config.databaseUrl === undefined
    ? openPglite(config.dataDir)
    : openPostgres(config.databaseUrl, onPoolError)
}

/**
 * JSON only. An empty JSON body counts as no body (clients often send the header anyway): the route's
 * schema then decides whether a body was required.
 */
function acceptJsonOnly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.trim() === '') return done(null, undefined)
    parseJson(request, text, done)
  })
}

/**
 * A string holding a NUL character in a parsed value, by its path; undefined when none does. A loop, not recursion:
 * a JSON body of thousands of nested arrays fits in the body limit and would overflow the stack.
 */
export function nulCharacterAt(value: unknown, path: string): string | undefined {
  const pending: [unknown, string][] = [[value, path]]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, at] = next
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return at
      continue
    }
    if (item === null || typeof item !== 'object') continue
    for (const [key, child] of Object.entries(item)) {
      if (key.includes('\u0000')) return at
      pending.push([child, at === '' ? key : `${at}.${key}`])
    }
  }
  return undefined
}

/**
 * No text with a NUL character goes further: PostgreSQL cannot store one (`invalid byte sequence for encoding
 * "UTF8": 0x00`), so an insert or a comparison with it was a 500. Checked once for every route, on the body, the
 * query and the path parameters, before the route's own validation.
 */
function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['body', request.body],
      ['querystring', request.query],
      ['params', request.params],
    ] as const) {
      const path = nulCharacterAt(value, '')
      if (path !== undefined) {
        throw validationError(`${path === '' ? where : path}: text may not contain the NUL character`)
      }
    }
  })
}

/**
 * Opens (unless given) and migrates the database, builds the context, seeds the demo data. The context carries the
 * database's outage (db/outage.ts): requests, workers and the pool report to it, and it logs the outage once.
 */
async function startContext(app: FastifyInstance, options: AppOptions): Promise<AppContext> {
  const { config } = options
  let outage: DatabaseOutage | undefined
  const database =
    options.database ??
    (await openDatabase(config, (error) => {
      // An idle connection cut by the server: part of an outage (logged once), or logged as it comes.
      if (!outage?.absorbs(error)) app.log.error({ err: error }, 'database pool error')
    }))
  if (options.database === undefined) app.addHook('onClose', () => database.close())
  if (options.database === undefined && database.kind === 'pglite') {
    // `npm run backup` while this process holds the folder (db/backup.ts).
    const stop = answerBackupRequests(database.client, config.dataDir, app.log)
    app.addHook('onClose', async () => stop())
  }
  outage = createDatabaseOutage({ ping: () => database.ping(), log: app.log })
  app.addHook('onClose', async () => outage?.stop())
  try {
    await migrateDatabase(database)
    const context = await createAppContext(config, database, app.log, options, options.devTools)
    context.databaseOutage = outage
    context.poolStats = () => database.poolStats()
    if (config.demoData) await options.devTools?.seedDemoData(context)
    return context
  } catch (error) {
    if (options.database === undefined) await database.close().catch(() => undefined)
    throw error
  }
}

/**
 * Operators' calls (the CLI and the console), by feature (modules/<feature>/ops-routes.ts), under /ops behind
 * the operators' access check.
 */
async function registerOpsRoutes(
  app: FastifyInstance,
  config: Config,
  services: ReturnType<typeof createServices>,
): Promise<void> {
  await app.register(
    async (ops) => {
      await ops.register(operatorAccessPlugin, { services })
      await ops.register(inviteOpsRoutes, { services })
      await ops.register(userOpsRoutes, { services })
      await ops.register(settingOpsRoutes, { services })
      await ops.register(orderOpsRoutes, { services })
      await ops.register(accountOpsRoutes, { services })
      await ops.register(invoiceOpsRoutes, { services })
      await ops.register(transactionOpsRoutes, { services })
      await ops.register(rateOpsRoutes, { services })
      await ops.register(ledgerOpsRoutes, { services })
      await ops.register(exportOpsRoutes, { services })
      await ops.register(newsOpsRoutes, { services })
      await ops.register(supportOpsRoutes, { services })
      await ops.register(operatorOpsRoutes, {
        services,
        secureCookies: config.isProduction,
        loginRateLimitMax: config.rateLimit.authMax,
      })
    },
    { prefix: '/ops' },
  )
}

async function appPlugin(app: FastifyInstance, options: AppOptions): Promise<void> {
  const { config } = options
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  requireDevTools(config, options.devTools)
  acceptJsonOnly(app)
  rejectNulCharacters(app)

  const context = await startContext(app, options)
  const services = createServices(context)

  // Plugins, one registration each.
  await app.register(errorHandlerPlugin, {
    resolveMessage: loadEnglishMessages(config.localesDir),
    databaseOutage: context.databaseOutage,
  })
  await app.register(openApiPlugin)
  await app.register(securityPlugin, {
    appOrigins: config.appOrigins,
    isProduction: config.isProduction,
    miniAppFrameAncestors: config.miniAppFrameAncestors,
  })
  await app.register(rateLimitPlugin, {
    max: config.rateLimit.max,
    authMax: config.rateLimit.authMax,
    timeWindowMs: config.rateLimit.timeWindowMs,
    redisUrl: config.redisUrl,
  })
  await app.register(authenticatePlugin, { services })
  await app.register(idempotencyPlugin, { services }) // before any route, as compression
  if (config.accountProvider === 'sandbox' && config.isProduction) {
    // Production on the sandbox: every answer says so, and the mini-app shows it on every screen (docs/web.md,
    // 'Sandbox banner'). Added before any route, so every answer carries it.
    app.addHook('onSend', async (_request, reply) => {
      reply.header(SANDBOX_HEADER, SANDBOX_HEADER_VALUE)
    })
  }
  await app.register(compressionPlugin) // before any route: it attaches to routes as they are declared
  await app.register(metricsPlugin, {
    config: config.metrics,
    metrics: services.metrics,
    poolStats: context.poolStats ?? (() => undefined),
    more: services.support.metrics(),
  })
  await app.register(webAppPlugin, { distDir: config.webDistDir })
  await app.register(consoleAppPlugin, { distDir: config.consoleDistDir })

  // Users' calls, by feature (modules/<feature>/routes.ts).
  await app.register(healthRoutes, { services, rateLimitMax: config.rateLimit.max })
  await app.register(authRoutes, { services })
  await app.register(emailAuthRoutes, { services })
  await app.register(dashboardRoutes, { services })
  await app.register(accountRoutes, { services })
  await app.register(invoiceRoutes, { services })
  await app.register(referralRoutes, { services })
  await app.register(newsRoutes, { services })
  await app.register(transactionRoutes, { services })
  await app.register(bankCardRoutes, { services })
  await app.register(rateRoutes, { services })
  await app.register(supportRoutes, { services })
  await app.register(supportErrorLogPlugin, { services })
  await app.register(accountSubmissionRoutes, { services })
  await app.register(flagRoutes)
  await app.register(localesRoutes, {
    localesDir: config.localesDir,
    // Development only: production answers 404 for POST /locales/add.
    missingKeys: config.isProduction
      ? undefined
      : createMissingKeysRecorder(join(config.dataDir, 'missing-locales')),
  })

  await registerOpsRoutes(app, config, services)

  // Telegram's updates, when they arrive by webhook (docs/bot.md).
  if (config.bot.webhookUrl !== undefined) await app.register(botWebhookRoutes, { services })

  if (config.accountProvider === 'sandbox' && config.isProduction) {
    app.log.warn(
      'ACCOUNT_PROVIDER=sandbox in production: accounts are simulated and no account reaches a real provider',
    )
  }
  logChainCheck(app, config)
  // Called between ready() and listen() by the start-up (not an onReady hook: requests wait for ready).
  app.decorate('warmUp', () => (config.warmUp ? warmUp(app, context) : Promise.resolve()))
  // Development and testing aids (apps/server/dev): the simulator, and the sandbox's table beside it.
  if (config.simulator) await options.devTools?.registerRoutes(app, context, services)

  // Background work: the validation loop stops (preClose) before any onClose hook closes the database.
  if (config.validation.pollMs > 0) {
    const loop = services.validation.start({
      pollMs: config.validation.pollMs,
      batchSize: config.validation.batchSize,
    })
    app.addHook('preClose', () => loop.stop())
  }
  // The fake Bot API of development closes last.
  const devTools = options.devTools
  if (devTools) app.addHook('onClose', () => devTools.close())
  startBot(app, context, services)
  // Email delivery: the outbox worker (docs/email-auth.md), stopped the same way.
  if (config.emailAuth.outbox.pollMs > 0) {
    if (config.smtpUrl === undefined && config.isProduction) {
      app.log.warn('SMTP_URL is not set: email codes stay in the dev outbox and are never delivered')
    }
    const worker = services.emailOutbox.start({ pollMs: config.emailAuth.outbox.pollMs })
    app.addHook('preClose', () => worker.stop())
  }
  // The chain check's re-reads of transactions waiting for confirmations (docs/transactions.md): one process a round.
  if (config.chain.recheckMs > 0 && (config.chain.tron !== undefined || config.chain.bsc !== undefined)) {
    const worker = services.transactions.startRecheck()
    app.addHook('preClose', () => worker.stop())
  }
  // Housekeeping (docs/resilience.md): one process a round prunes what no longer matters.
  if (config.housekeeping.intervalMs > 0) {
    const worker = services.housekeeping.start()
    app.addHook('preClose', () => worker.stop())
  }
  // The ledger check behind the metrics (docs/operations.md): one process a round, for every process to expose.
  if (config.metrics.ledgerCheckIntervalMs > 0) {
    const worker = services.metrics.startLedgerChecks()
    app.addHook('preClose', () => worker.stop())
  }
}

/** Says once at start which payouts are recorded without the chain's word (docs/transactions.md, 'Chain check'). */
function logChainCheck(app: FastifyInstance, config: Config): void {
  const { chain } = config
  if (chain.verificationOff) {
    app.log.warn(
      'CHAIN_VERIFICATION=off: TRX and USDT BEP20 payouts are recorded as succeeded without reading the chain (marked not verified)',
    )
    return
  }
  const unchecked = [
    ...(chain.tron === undefined ? ['TRX (no TRON_API_ROOT)'] : []),
    ...(chain.bsc === undefined ? ['USDT BEP20 (no BSC_RPC_URL)'] : []),
  ]
  if (unchecked.length > 0)
    app.log.info(`payouts recorded without a chain check, marked not verified: ${unchecked.join(', ')}`)
}

/**
 * The bot (docs/bot.md): its outbox worker, and updates by webhook (registered once listening) or by long polling
 * (one process at a time); the channel check's readable problem is logged at start.
 */
function startBot(
  app: FastifyInstance,
  context: AppContext,
  services: ReturnType<typeof createServices>,
): void {
  const { config } = context
  if (config.bot.outbox.pollMs > 0) {
    const worker = services.bot.startOutboxWorker({ pollMs: config.bot.outbox.pollMs })
    app.addHook('preClose', () => worker.stop())
  }
  const webhookUrl = config.bot.webhookUrl
  if (webhookUrl !== undefined) {
    app.addHook('onReady', async () => {
      services.bot
        .registerWebhook(webhookUrl)
        .then(() => app.log.info('bot webhook registered'))
        .catch((error: unknown) =>
          app.log.error({ error: (error as Error).message }, 'bot webhook registration failed'),
        )
    })
  } else if (config.bot.polling) {
    const poller = services.bot.startPolling()
    app.addHook('preClose', () => poller.stop())
  }
  if (webhookUrl !== undefined || config.bot.polling || config.bot.outbox.pollMs > 0) {
    app.addHook('onReady', async () => {
      services.bot
        .channelProblem()
        .then((problem: string | undefined) => {
          if (problem) app.log.error(problem)
        })
        .catch(() => undefined)
    })
  }
}

/** Not encapsulated: its error handler, parsers and decorators belong to the whole server. */
export default globalPlugin<AppOptions>('app', appPlugin)
