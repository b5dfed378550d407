/**
 * The one context every service is built from, made once at start-up by the app plugin (app.ts) after the
 * database is open and migrated: the database, the clock, the cursor codec, the account provider, the
 * secrets, the logger and the config. Each service factory declares the part of it that it uses, so a test
 * can build a single service from a database and a clock.
 */
import type { KeyObject } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.ts'
import type { Database, Db, PoolStats } from './db/client.ts'
import type { DatabaseOutage } from './db/outage.ts'
import { type CursorCodec, createCursorCodec } from './lib/cursor.ts'
import { type AccessTokenSigner, createAccessTokenSigner } from './modules/auth/access-tokens.ts'
import {
  classifyBotError,
  createTelegramBot,
  deriveWebhookSecret,
  type TelegramBot,
} from './modules/bot/client.ts'
import { type BotTexts, loadBotTexts } from './modules/bot/messages.ts'
import { lastUpdateId } from './modules/bot/repository.ts'
import {
  type ChannelMembershipChecker,
  createBotApiMembershipChecker,
} from './modules/dashboard/channel-membership.ts'
import { deriveEmailKeys, type EmailKeys } from './modules/email-outbox/email-keys.ts'
import { loadMailTemplates, type MailTemplates } from './modules/email-outbox/templates.ts'
import { deriveIdempotencyKey } from './modules/idempotency/service.ts'
import { deriveOperatorKeys, type OperatorKeys } from './modules/operators/keys.ts'
import { resolveOpsToken } from './modules/secrets/ops-token.ts'
import {
  noSecretsKey,
  plainSecretNames,
  resealSecrets,
  sealPlainSecrets,
} from './modules/secrets/repository.ts'
import { resolveAuthSecret, resolveBotToken } from './modules/secrets/resolve-secrets.ts'
import { resolveSecretsKey } from './modules/secrets/secrets-key.ts'
import type { AccountProvider } from './providers/account-provider.ts'
import { type ChainReaders, createChainReaders } from './providers/chain/readers.ts'
import { createSandboxProvider } from './providers/sandbox/sandbox-provider.ts'

export type AppContext = {
  db: Db
  /** Whether the database answers (the health check). */
  pingDatabase: () => Promise<boolean>
  /**
   * The database's outage (db/outage.ts): an error that is the database being unreachable is reported here, which
   * logs the outage once, instead of logging it where it happened. Set by the app; absent in unit tests.
   */
  databaseOutage?: DatabaseOutage | undefined
  /** The connection pool's state now (PostgreSQL; undefined on PGlite). Set by the app; absent in unit tests. */
  poolStats?: (() => PoolStats | undefined) | undefined
  now: () => Date
  cursors: CursorCodec
  accountProvider: AccountProvider
  /** Read-only readers of TRON and BSC for the payouts' chain check; undefined for a chain without an endpoint. */
  chainReaders: ChainReaders
  channelMembership: ChannelMembershipChecker
  /** Signs Telegram init data (the simulator) and checks it (authorization). */
  botToken: string
  accessTokens: AccessTokenSigner
  opsToken: string
  /** Keys of operators' sealed TOTP secrets and CSRF tokens, derived from the auth secret. */
  operatorKeys: OperatorKeys
  /** Keys of email codes and sealed outbox mail, derived from the auth secret. */
  emailKeys: EmailKeys
  /** HMAC key of idempotency keys' request fingerprints, derived from the auth secret. */
  idempotencySecret: KeyObject
  mailTemplates: MailTemplates
  /** The one grammY bot (docs/bot.md), on Telegram's API root, the configured one, or the in-process fake. */
  bot: TelegramBot
  botTexts: BotTexts
  webhookSecret: string
  log: FastifyBaseLogger
  config: Config
}

/** What the context needs of the development tools (dev-tools.ts): declared here, so it imports none. */
export type FakeBotApiStarter = {
  /**
   * FAKE_BOT_API: starts the fake Bot API for this bot token and answers its root URL; `close` stops it. Its update
   * ids start at `firstUpdateId`, past what the data folder's bot handled, as Telegram's go on across restarts.
   */
  startFakeBotApi(options: { token: string; botUsername: string; firstUpdateId: number }): Promise<string>
}

/** What tests and other embedders may put in place of the defaults. */
export type ContextOverrides = {
  /** The account provider; default from ACCOUNT_PROVIDER (the sandbox). */
  accountProvider?: AccountProvider | undefined
  chainReaders?: ChainReaders | undefined
  channelMembership?: ChannelMembershipChecker | undefined
  now?: (() => Date) | undefined
}

function createAccountProvider(config: Config): AccountProvider {
  switch (config.accountProvider) {
    case 'sandbox':
      return createSandboxProvider()
  }
}

/**
 * The key of the secrets kept in the database (SECRETS_KEY, or in development one kept in the data folder), after
 * sealing any row still in plain text (kept before sealing existed). Production without SECRETS_KEY stores nothing
 * (config/production.ts requires AUTH_SECRET then): a plain row left from earlier is named in a warning.
 */
async function openStoredSecrets(config: Config, db: Db, log: FastifyBaseLogger): Promise<Buffer> {
  if (config.isProduction && config.secretsKey === undefined) {
    const plain = await plainSecretNames(db)
    if (plain.length > 0) {
      log.warn(
        { secrets: plain },
        'secrets stored in plain text: set SECRETS_KEY to seal them at the next start',
      )
    }
    return noSecretsKey
  }
  const key = await resolveSecretsKey(config.secretsKey, config.dataDir)
  if (config.secretsKeyPrevious !== undefined) {
    const previous = await resolveSecretsKey(config.secretsKeyPrevious, config.dataDir)
    const resealed = await resealSecrets(db, key, previous)
    if (resealed.length > 0)
      log.info(
        { secrets: resealed },
        'secrets sealed again with the new SECRETS_KEY: drop SECRETS_KEY_PREVIOUS once every process has the new key',
      )
  }
  const sealed = await sealPlainSecrets(db, key)
  if (sealed.length > 0) log.info({ secrets: sealed }, 'sealed secrets stored in plain text')
  return key
}

/** Resolves the secrets (configured, or generated once and shared) and assembles the context. */
export async function createAppContext(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  overrides: ContextOverrides = {},
  /** The development tools (dev-tools.ts), which start the fake Bot API when config.bot.fakeApi. */
  devTools?: FakeBotApiStarter | undefined,
): Promise<AppContext> {
  const { db } = database
  const secretsKey = await openStoredSecrets(config, db, log)
  const [botToken, authSecret, opsToken] = await Promise.all([
    resolveBotToken(db, secretsKey, config.telegramBotToken),
    resolveAuthSecret(db, secretsKey, config.authSecret),
    resolveOpsToken(config.opsToken, config.dataDir),
  ])
  const fakeBotApiRoot = config.bot.fakeApi
    ? await devTools?.startFakeBotApi({
        token: botToken,
        botUsername: config.referralLink.botUsername,
        firstUpdateId: (await lastUpdateId(db)) + 1,
      })
    : undefined
  if (fakeBotApiRoot !== undefined) {
    log.info({ apiRoot: fakeBotApiRoot }, 'fake Bot API started (development: no TELEGRAM_BOT_TOKEN)')
  }
  const apiRoot = fakeBotApiRoot ?? config.bot.apiRoot ?? 'https://api.telegram.org'
  const bot = createTelegramBot(botToken, apiRoot, config.bot.apiTimeoutSeconds)
  const now = overrides.now ?? (() => new Date())
  return {
    db,
    pingDatabase: () => database.ping(),
    now,
    cursors: createCursorCodec(authSecret),
    accountProvider: overrides.accountProvider ?? createAccountProvider(config),
    chainReaders: overrides.chainReaders ?? createChainReaders(config.chain),
    channelMembership:
      overrides.channelMembership ??
      createBotApiMembershipChecker({
        api: bot.api,
        now,
        cacheSeconds: config.bot.membershipCacheSeconds,
        failureCacheSeconds: config.bot.failureCacheSeconds,
        onFailure: (error) =>
          log.warn(
            { error: classifyBotError(error, botToken).description },
            'channel membership check failed: the user counts as joined (docs/bot.md)',
          ),
      }),
    botToken,
    accessTokens: createAccessTokenSigner(authSecret, config.accessTokenTtlSeconds),
    opsToken,
    operatorKeys: deriveOperatorKeys(authSecret),
    emailKeys: deriveEmailKeys(authSecret),
    idempotencySecret: deriveIdempotencyKey(authSecret),
    mailTemplates: loadMailTemplates(config.localesDir),
    bot,
    botTexts: loadBotTexts(config.localesDir),
    webhookSecret: config.bot.webhookSecret ?? deriveWebhookSecret(botToken),
    log,
    config,
  }
}
