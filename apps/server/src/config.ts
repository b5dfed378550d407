/**
 * Configuration, validated once at start-up. Nothing else in the server reads `process.env`:
 * modules receive the `Config` object (or the part they need).
 */
import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isBscAddress, isTronAddress } from '@app/contract'
import * as z from 'zod/mini'
import type { PasswordCost } from './lib/crypto.ts'
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy.ts'
import { useEnglishZodMessages } from './lib/validation-messages.ts'

/** The repository root, so defaults work whatever the process cwd is (locales, web dist). */
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const booleanFlag = z.pipe(
  z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']),
  z.transform((v) => ['1', 'true', 'yes', 'on'].includes(v)),
)

const optionalString = z.pipe(
  z.optional(z.string()),
  z.transform((v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim())),
)

/** A secrets key (docs/resilience.md, 'Secrets'): 32 bytes, 64 hex digits or base64. */
const secretsKeyText = optionalString.check(
  z.refine((v) => v === undefined || /^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/.test(v), {
    message: 'must be 32 bytes: 64 hex digits or base64 (openssl rand -hex 32)',
  }),
)

/** An optional string that, when given, has at least `min` characters. */
const optionalSecret = (min: number) =>
  optionalString.check(
    z.refine((v) => v === undefined || v.length >= min, { message: `must be at least ${min} characters` }),
  )

/** A whole number from the environment's text; `fallback` when unset. */
const wholeNumber = (fallback: number, ...checks: z.core.$ZodCheck<number>[]) =>
  z._default(z.coerce.number().check(z.int(), ...checks), fallback)

/** A whole number from the environment's text, or undefined when unset (its default depends on other settings). */
const optionalWholeNumber = (...checks: z.core.$ZodCheck<number>[]) =>
  z.optional(z.coerce.number().check(z.int(), ...checks))

/**
 * Login codes per hour. The demo (simulator on) walks every row of the sandbox table, a code or two each,
 * often more than once: 20 per user ran out within ten minutes, so the demo allows ten times as many.
 */
const CODE_SEND_LIMITS = { live: { perPhone: 5, perUser: 20 }, demo: { perPhone: 50, perUser: 200 } }

const portSchema = z.coerce.number().check(z.int(), z.gte(0), z.lte(65535))

const EnvSchema = z.object({
  NODE_ENV: z.optional(z.string()),
  PORT: z._default(portSchema, 8000),
  HOST: optionalString,
  DATABASE_URL: optionalString,
  DATA_DIR: optionalString,
  TELEGRAM_BOT_TOKEN: optionalString,
  /** The bot's username (without @) and the mini-app's short name: the referral link's parts. */
  TELEGRAM_BOT_USERNAME: z.optional(z.string().check(z.regex(/^@?[A-Za-z][A-Za-z0-9_]{3,31}$/))),
  MINI_APP_SHORT_NAME: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_]{3,30}$/))),
  AUTH_SECRET: optionalSecret(32),
  /** Seals the secrets kept in the database (docs/resilience.md, 'Secrets'): 32 bytes, 64 hex digits or base64. */
  SECRETS_KEY: secretsKeyText,
  /** The key SECRETS_KEY replaces, while rotating it: rows sealed with it are sealed again with SECRETS_KEY at start. */
  SECRETS_KEY_PREVIOUS: secretsKeyText,
  REDIS_URL: optionalString,
  /** Default `sandbox` in development; production must name it (see loadConfig). */
  ACCOUNT_PROVIDER: z.optional(z.enum(['sandbox'])),
  SMTP_URL: optionalString,
  /** A PEM file of certificates to trust for the SMTP server's TLS, beside the system's (docs/email-auth.md). */
  SMTP_CA_FILE: optionalString,
  /** Production: let a password in SMTP_URL go to a server without STARTTLS (a local relay; docs/email-auth.md). */
  SMTP_ALLOW_PLAINTEXT: z.optional(booleanFlag),
  /** The sender of every email: an address, or `Name <address>`. */
  MAIL_FROM: optionalString,
  /** How often each process looks for mail to deliver (email outbox); 0 turns the worker off. */
  EMAIL_OUTBOX_POLL_MS: wholeNumber(2000, z.gte(0)),
  /** The wait after a mail's first failed try, doubling after each next one (at most an hour). */
  EMAIL_RETRY_BASE_MS: wholeNumber(30_000, z.positive()),
  OPS_TOKEN: optionalSecret(16),
  APP_ORIGIN: optionalString,
  SIMULATOR: z.optional(booleanFlag),
  DEMO_DATA: z.optional(booleanFlag),
  WARM_UP: z.optional(booleanFlag),
  AUTH_MAX_AGE_SECONDS: wholeNumber(86400, z.positive()),
  LOG_LEVEL: z.optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  LOCALES_DIR: optionalString,
  WEB_DIST_DIR: optionalString,
  CONSOLE_DIST_DIR: optionalString,
  /** true/false, a hop count or the proxies' addresses (lib/trust-proxy.ts); checked in loadConfig. */
  TRUST_PROXY: optionalString,
  /** Origins allowed to frame the mini-app's pages (Telegram's web clients by default); comma-separated. */
  MINI_APP_FRAME_ANCESTORS: optionalString,
  RATE_LIMIT_MAX: wholeNumber(300, z.positive()),
  AUTH_RATE_LIMIT_MAX: wholeNumber(30, z.positive()),
  /** How often each process looks for due account validations; 0 turns the loop off. */
  VALIDATION_POLL_MS: wholeNumber(5000, z.gte(0)),
  VALIDATION_BATCH_SIZE: wholeNumber(50, z.positive(), z.lte(1000)),
  /** Login codes sent (first send and resends) per phone number, and per user, in one hour. */
  CODE_SEND_LIMIT_PER_PHONE: optionalWholeNumber(z.positive()),
  CODE_SEND_LIMIT_PER_USER: optionalWholeNumber(z.positive()),
  /** The Bot API's root URL (docs/bot.md); unset: Telegram's, or the in-process fake in development. */
  TELEGRAM_API_ROOT: optionalString,
  /** Set: updates arrive at `<this URL>` (POST /bot/webhook behind it), registered at start-up; unset: long polling. */
  BOT_WEBHOOK_URL: optionalString,
  /** The webhook's secret token (1-256 of A-Z a-z 0-9 _ -); unset: derived from the bot token. */
  BOT_WEBHOOK_SECRET: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,256}$/))),
  /** The operators' chat: new invoices, payout requests, payouts long in review. */
  OPS_CHAT_ID: z.optional(z.coerce.number().check(z.int())),
  /** Long polling for updates when no webhook is set (one process at a time holds the lease). */
  BOT_POLLING: z.optional(booleanFlag),
  /** How often each process looks for bot messages to send (bot outbox); 0 turns the worker off. */
  BOT_OUTBOX_POLL_MS: wholeNumber(1000, z.gte(0)),
  /** The wait after a bot message's first failed try, doubling after each next one (at most 10 minutes). */
  BOT_RETRY_BASE_MS: wholeNumber(5000, z.positive()),
  /** A user's accounts accepted within this many seconds of the first make one bot message (0: no wait). */
  BOT_GROUP_SECONDS: wholeNumber(60, z.gte(0), z.lte(3600)),
  /** Start the fake Bot API in-process (default: in development without a real bot token or API root). */
  FAKE_BOT_API: z.optional(booleanFlag),
  /** Housekeeping (docs/resilience.md): how often a round is due (0: never), and how long done rows are kept. */
  HOUSEKEEPING_INTERVAL_MS: wholeNumber(600_000, z.gte(0)),
  HOUSEKEEPING_RETENTION_HOURS: wholeNumber(168, z.gte(0)),
  HOUSEKEEPING_DEAD_RETENTION_HOURS: wholeNumber(720, z.gte(0)),
  /** How long a weaker four-eyes rule waits, and a new signer of large payouts (docs/console.md, 'Four eyes'). */
  FOUR_EYES_DELAY_SECONDS: wholeNumber(24 * 3600, z.gte(0), z.lte(30 * 24 * 3600)),
  /** Life of an operator's personal API token, in days. */
  OPS_API_TOKEN_TTL_DAYS: wholeNumber(90, z.positive(), z.lte(3650)),
  /** Metrics (docs/operations.md): `GET /metrics` on its own port (unset: none), the gauges' cache, the ledger check. */
  /** A port, or `+N`: PORT + N (one line for every instance of a systemd template). */
  METRICS_PORT: z.optional(
    z.string().check(z.regex(/^\+?\d+$/, { message: 'must be a port or +N (PORT + N)' })),
  ),
  METRICS_HOST: optionalString,
  METRICS_CACHE_MS: wholeNumber(5000, z.gte(0)),
  LEDGER_CHECK_INTERVAL_MS: wholeNumber(600_000, z.gte(0)),
  /** The chain check of payouts (docs/payments.md, 'Chain check'): TronGrid's root and key, a BSC JSON-RPC URL. */
  TRON_API_ROOT: optionalString,
  TRON_API_KEY: optionalString,
  TRON_CONFIRMATIONS: wholeNumber(19, z.positive(), z.lte(10_000)),
  BSC_RPC_URL: optionalString,
  BSC_CHAIN_ID: wholeNumber(56, z.positive()),
  BSC_USDT_CONTRACT: z._default(
    z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, { message: 'must be 0x and 40 hex digits' })),
    '0x55d398326f99059fF775485246999027B3197955',
  ),
  BSC_CONFIRMATIONS: wholeNumber(15, z.positive(), z.lte(10_000)),
  /** Our wallets payouts leave from, comma-separated: a payout from any other address is not verified. */
  TRON_PAYOUT_WALLETS: optionalString,
  BSC_PAYOUT_WALLETS: optionalString,
  /** off: record TRX and USDT payouts without reading the chain (production must say so to run without endpoints). */
  CHAIN_VERIFICATION: z.optional(booleanFlag),
  CHAIN_CONFIRM_TIMEOUT_SECONDS: wholeNumber(3600, z.positive()),
  CHAIN_RECHECK_MS: wholeNumber(30_000, z.gte(0)),
  CHAIN_API_TIMEOUT_MS: wholeNumber(10_000, z.positive(), z.lte(120_000)),
})

export type Config = {
  isProduction: boolean
  /** The argon2 cost of password hashes: `test` only with NODE_ENV=test (lib/crypto.ts). */
  passwordCost: PasswordCost
  port: number
  host: string
  /** PostgreSQL URL; undefined means PGlite on disk under `dataDir/pglite`. */
  databaseUrl: string | undefined
  /** Absolute path of the data folder (PGlite files, lock, ops token). */
  dataDir: string
  telegramBotToken: string | undefined
  /** Referral links: `https://t.me/<botUsername>[/<miniAppShortName>]?startapp=<code>`. */
  referralLink: { botUsername: string; miniAppShortName: string | undefined }
  authSecret: string | undefined
  /** The key of secrets sealed in the database; undefined: in development one kept in DATA_DIR/secrets-key. */
  secretsKey: string | undefined
  /** While SECRETS_KEY is rotated: the key it replaces (rows sealed with it are sealed again at start). */
  secretsKeyPrevious: string | undefined
  redisUrl: string | undefined
  accountProvider: 'sandbox'
  /** smtp:// or smtps:// with credentials; undefined keeps mail in the dev outbox (docs/email-auth.md). */
  smtpUrl: string | undefined
  /** Absolute path of a PEM file: certificates trusted for SMTP's TLS on top of the system's. */
  smtpCaFile: string | undefined
  /**
   * A password in SMTP_URL may go to a server that offers no STARTTLS. False in production unless
   * SMTP_ALLOW_PLAINTEXT says so: such mail is refused (docs/email-auth.md, 'Transport').
   */
  smtpAllowPlaintext: boolean
  mailFrom: string
  /** Email and password sign-in: codes, floods, login limits and the outbox worker (docs/email-auth.md). */
  emailAuth: EmailAuthConfig
  opsToken: string | undefined
  /** Failures of the console's sign-in (docs/console.md). */
  operatorLoginFailures: SignInLimits
  /** CORS allow-list. */
  appOrigins: string[]
  simulator: boolean
  /** Serve itself the users' frequent reads before listening (warm-up.ts); production's default. */
  warmUp: boolean
  demoData: boolean
  authMaxAgeSeconds: number
  logLevel: string
  /** Pretty logs for people at a terminal; JSON lines otherwise. */
  prettyLogs: boolean
  localesDir: string
  webDistDir: string
  /** The operator console's build (apps/console/dist), served at /console. */
  consoleDistDir: string
  /** Which hops may name the client (`X-Forwarded-For`): see lib/trust-proxy.ts. */
  trustProxy: TrustProxy
  /** Origins besides the app's own that may frame the mini-app's pages (never the console's). */
  miniAppFrameAncestors: string[]
  rateLimit: { max: number; authMax: number; timeWindowMs: number }
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
  validation: { pollMs: number; batchSize: number }
  codeSendLimits: { perPhone: number; perUser: number; windowSeconds: number }
  /** The Telegram bot: API root, updates, the outbox, the channel check (docs/bot.md). */
  bot: BotConfig
  /** Pruning of rows that no longer matter, one process a round (docs/resilience.md, 'Housekeeping'). */
  housekeeping: HousekeepingConfig
  /** Named operators (docs/console.md). */
  operators: OperatorsConfig
  /** Prometheus metrics and the ledger check behind one of them (docs/operations.md). */
  metrics: MetricsConfig
  /** The chain check of TRX and USDT BEP20 payouts (docs/payments.md, 'Chain check'). */
  chain: ChainConfig
}

/** METRICS_PORT: unset (no metrics), a port, or `+N` (PORT + N); never the API's own port. */
function metricsPort(value: string | undefined, port: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const metrics = value.startsWith('+') ? port + Number(value.slice(1)) : Number(value)
  if (metrics > 65535) throw new ConfigError(`METRICS_PORT ${value} makes port ${metrics}, above 65535`)
  if (metrics !== 0 && metrics === port) throw new ConfigError('METRICS_PORT must differ from PORT')
  return metrics
}

export type MetricsConfig = {
  /** Port of this process's `GET /metrics`; undefined: no metrics (0: any free port, tests). */
  port: number | undefined
  host: string
  /** How long the gauges read from the database are kept before a scrape reads them again. */
  cacheMs: number
  /** How often one process checks the ledger for every process's metrics; 0: never. */
  ledgerCheckIntervalMs: number
}

export type ChainConfig = {
  /**
   * Undefined: TRX payouts are recorded unverified (no endpoint, or CHAIN_VERIFICATION=off). `payoutWallets`: the
   * addresses our payouts leave from (TRON_PAYOUT_WALLETS); a transfer from any other is refused.
   */
  tron:
    | { apiRoot: string; apiKey: string | undefined; confirmations: number; payoutWallets: string[] }
    | undefined
  /** Undefined: USDT BEP20 payouts are recorded unverified. `payoutWallets`: BSC_PAYOUT_WALLETS. */
  bsc:
    | {
        rpcUrl: string
        chainId: number
        usdtContract: string
        confirmations: number
        payoutWallets: string[]
      }
    | undefined
  /** CHAIN_VERIFICATION=off said so (logged at start). */
  verificationOff: boolean
  /** A payout still short of its confirmations this long after it was recorded is left to an operator. */
  confirmTimeoutSeconds: number
  /** How often a process looks for payouts waiting for confirmations (one process a round); 0: never. */
  recheckMs: number
  /** How long one call to an endpoint may take. */
  apiTimeoutMs: number
  /** The Retry-After of a 503 CHAIN_UNAVAILABLE. */
  retryAfterSeconds: number
}

export type OperatorsConfig = {
  /**
   * Four eyes: how long a change that weakens it (a higher `payout_approval_above`, or 0) waits before it applies,
   * and how long after joining, a new role or new credentials an operator's approvals and sends of large payouts
   * start to count.
   */
  fourEyesDelaySeconds: number
  /** How long a personal API token works after it was issued. */
  apiTokenTtlSeconds: number
}

export type HousekeepingConfig = {
  /** How often a round is due; 0 turns the schedule off. */
  intervalMs: number
  /** The first round, this long after start (or after one interval, if shorter). */
  firstRoundDelayMs: number
  /** How long delivered mail and messages, spent tokens, ended sessions, codes and flows are kept. */
  retentionSeconds: number
  /** How long outbox rows that gave up (failed) are kept. */
  deadRetentionSeconds: number
  /** The longest window of the database's rate-limit counters: a counter whose window began before is spent. */
  counterWindowSeconds: number
  batchSize: number
  /** Batches per job in one round, so that one round stays bounded; what is left goes next round. */
  maxBatchesPerJob: number
}

export type BotConfig = {
  /** Bot API root; undefined with `fakeApi` (the in-process fake's address is known only once it listens). */
  apiRoot: string | undefined
  /** Start the fake Bot API in-process (development without a real token); never in production. */
  fakeApi: boolean
  webhookUrl: string | undefined
  /** Undefined: derived from the bot token (context.ts). */
  webhookSecret: string | undefined
  opsChatId: number | undefined
  /** Long polling when there is no webhook. */
  polling: boolean
  /** Seconds a Bot API call may take before it counts as failed. */
  apiTimeoutSeconds: number
  /** Seconds a getChatMember answer is reused per user; a failed check is reused for `failureCacheSeconds`. */
  membershipCacheSeconds: number
  failureCacheSeconds: number
  /** A payout in review longer than this is reported once to the operators' chat. */
  reviewAlertSeconds: number
  /** The polling lease: how long a claim lasts without renewal, and the getUpdates long-poll wait. */
  pollingLeaseSeconds: number
  pollingTimeoutSeconds: number
  outbox: {
    pollMs: number
    batchSize: number
    maxAttempts: number
    backoffBaseMs: number
    backoffMaxMs: number
    leaseSeconds: number
    /** Telegram's limits: about 30 messages a second overall, 1 a second per chat. */
    perSecond: number
    perChatIntervalMs: number
    /**
     * An acceptance waits this long for the user's next ones: those accepted meanwhile go in its message, with their
     * count and amount (docs/bot.md, 'Acceptances together').
     */
    groupSeconds: number
  }
}

/**
 * Failures a sign-in allows per address, and over every address, each per window (modules/sign-in-guard): the
 * first stops one address, the second stops addresses the sign-in never succeeded from (for the console's, only
 * failures with the right password count there).
 */
export type SignInLimits = {
  perAddress: { max: number; windowSeconds: number }
  perSignIn: { max: number; windowSeconds: number }
}

/**
 * The console's sign-in (password and TOTP): 5 failures per address per 15 minutes, and 10 wrong codes a day with
 * the right password over all addresses (the generated password is beyond guessing; the code is not).
 */
const OPERATOR_LOGIN_FAILURES: SignInLimits = {
  perAddress: { max: 5, windowSeconds: 15 * 60 },
  perSignIn: { max: 10, windowSeconds: 24 * 3600 },
}

export type EmailAuthConfig = {
  codeTtlSeconds: number
  /** How long a registration waits for the mailbox's code; then it is over (register again). */
  registrationTtlSeconds: number
  /** Wrong tries a code survives; the next wrong one kills it. */
  maxCodeAttempts: number
  /** Shortest time between two requests that may mail one email, per purpose (EMAIL_FLOOD). */
  codeCooldownSeconds: number
  /** Requests that may mail one email per window, known or not (EMAIL_FLOOD). */
  codesPerEmail: { max: number; windowSeconds: number }
  /** Wrong code tries per email per window, over all its codes of both purposes (429 ACTION_WAIT_REQUIRED_ERROR). */
  codeTriesPerEmail: { max: number; windowSeconds: number }
  /** Login failures per email and address, and per email over every address (429 ACTION_WAIT_REQUIRED_ERROR). */
  loginFailures: SignInLimits
  /** Code requests and registrations per client address per window, on top of the per-minute /auth limit. */
  codesPerAddress: { max: number; windowSeconds: number }
  outbox: {
    pollMs: number
    batchSize: number
    maxAttempts: number
    backoffBaseMs: number
    backoffMaxMs: number
    leaseSeconds: number
  }
}

const DEFAULT_MAIL_FROM = 'Account Supply <no-reply@localhost>'

function checkSmtpUrl(url: string | undefined): void {
  if (url === undefined) return
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new ConfigError('SMTP_URL must be a URL: smtp://user:password@host:587 or smtps://...')
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://')
  }
}

/**
 * Telegram's web clients: Web K (/k/) and Web A (/a/) both open a mini-app in an iframe on web.telegram.org;
 * webk. and webz. are their former addresses, which still redirect there.
 */
export const TELEGRAM_WEB_ORIGINS = [
  'https://web.telegram.org',
  'https://webk.telegram.org',
  'https://webz.telegram.org',
]

/** MINI_APP_FRAME_ANCESTORS: origins (scheme, host, port; no path), comma-separated; Telegram's when unset. */
function parseFrameAncestors(text: string | undefined): string[] {
  if (text === undefined) return TELEGRAM_WEB_ORIGINS
  return text.split(',').map((entry) => {
    const origin = entry.trim().replace(/\/$/, '')
    let parsed: URL | undefined
    try {
      parsed = new URL(origin)
    } catch {
      parsed = undefined
    }
    if (parsed === undefined || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
      throw new ConfigError(
        `MINI_APP_FRAME_ANCESTORS must list origins such as https://web.telegram.org (no path); not ${JSON.stringify(origin)}`,
      )
    }
    return origin
  })
}

function formatIssues(error: z.core.$ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'environment'} ${i.message}`).join('; ')
}

function parseEnv(env: NodeJS.ProcessEnv): z.infer<typeof EnvSchema> {
  useEnglishZodMessages()
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) throw new ConfigError(`Invalid configuration: ${formatIssues(parsed.error)}`)
  return parsed.data
}

function resolveDataDir(dataDir: string | undefined, cwd: string): string {
  return resolve(cwd, dataDir ?? './data')
}

/** Email sign-in's rules (docs/email-auth.md): fixed, but for the outbox worker's poll and first retry wait. */
function emailAuthConfig(outboxPollMs: number, retryBaseMs: number): EmailAuthConfig {
  return {
    codeTtlSeconds: 10 * 60,
    registrationTtlSeconds: 3600,
    maxCodeAttempts: 5,
    codeCooldownSeconds: 60,
    codesPerEmail: { max: 5, windowSeconds: 3600 },
    codeTriesPerEmail: { max: 100, windowSeconds: 24 * 3600 },
    loginFailures: {
      perAddress: { max: 10, windowSeconds: 15 * 60 },
      perSignIn: { max: 100, windowSeconds: 24 * 3600 },
    },
    codesPerAddress: { max: 30, windowSeconds: 3600 },
    outbox: {
      pollMs: outboxPollMs,
      batchSize: 20,
      maxAttempts: 8,
      backoffBaseMs: retryBaseMs,
      backoffMaxMs: 3_600_000,
      leaseSeconds: 120,
    },
  }
}

/**
 * A chain's payout wallets: the addresses the chain check accepts a payout from (a transfer from the user's own other
 * wallet is not a payout). Required with the chain's endpoint; each must be a valid address of its chain.
 */
function payoutWallets(name: string, text: string | undefined, endpoint: string): string[] {
  const wallets = (text ?? '').split(/[\s,]+/).filter((wallet) => wallet !== '')
  if (wallets.length === 0)
    throw new ConfigError(
      `${name} is required with ${endpoint}: the chain check accepts a payout only from our own wallets (comma-separated addresses)`,
    )
  const valid = name.startsWith('TRON') ? isTronAddress : isBscAddress
  const wrong = wallets.find((wallet) => !valid(wallet))
  if (wrong !== undefined) throw new ConfigError(`${name}: not a valid address: ${wrong}`)
  return wallets
}

/**
 * The chain check: on for each chain whose endpoint is set, unless CHAIN_VERIFICATION=off. Production runs without
 * an endpoint only by saying so: a payout recorded without the chain's word is a payout nobody checked.
 */
function chainConfig(e: z.infer<typeof EnvSchema>, isProduction: boolean): ChainConfig {
  const off = e.CHAIN_VERIFICATION === false
  const missing = [
    ...(e.TRON_API_ROOT === undefined ? ['TRON_API_ROOT'] : []),
    ...(e.BSC_RPC_URL === undefined ? ['BSC_RPC_URL'] : []),
  ]
  if (isProduction && !off && missing.length > 0) {
    throw new ConfigError(
      `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required in production: TRX and USDT BEP20 payouts are recorded only when the chain shows them (set CHAIN_VERIFICATION=off to record them unchecked)`,
    )
  }
  if (e.CHAIN_VERIFICATION === true && missing.length > 0) {
    throw new ConfigError(`CHAIN_VERIFICATION=on needs ${missing.join(' and ')}`)
  }
  return {
    tron:
      off || e.TRON_API_ROOT === undefined
        ? undefined
        : {
            apiRoot: e.TRON_API_ROOT,
            apiKey: e.TRON_API_KEY,
            confirmations: e.TRON_CONFIRMATIONS,
            payoutWallets: payoutWallets('TRON_PAYOUT_WALLETS', e.TRON_PAYOUT_WALLETS, 'TRON_API_ROOT'),
          },
    bsc:
      off || e.BSC_RPC_URL === undefined
        ? undefined
        : {
            rpcUrl: e.BSC_RPC_URL,
            chainId: e.BSC_CHAIN_ID,
            usdtContract: e.BSC_USDT_CONTRACT,
            confirmations: e.BSC_CONFIRMATIONS,
            payoutWallets: payoutWallets('BSC_PAYOUT_WALLETS', e.BSC_PAYOUT_WALLETS, 'BSC_RPC_URL'),
          },
    verificationOff: off,
    confirmTimeoutSeconds: e.CHAIN_CONFIRM_TIMEOUT_SECONDS,
    recheckMs: e.CHAIN_RECHECK_MS,
    apiTimeoutMs: e.CHAIN_API_TIMEOUT_MS,
    retryAfterSeconds: 30,
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const e = parseEnv(env)
  const isProduction = e.NODE_ENV === 'production'
  if (isProduction && e.TELEGRAM_BOT_TOKEN === undefined) {
    throw new ConfigError('TELEGRAM_BOT_TOKEN is required in production (NODE_ENV=production)')
  }
  // The sandbox simulates accounts and supplies none to anyone: a production deployment runs on it only by
  // saying so, never by forgetting a variable.
  if (isProduction && e.ACCOUNT_PROVIDER === undefined) {
    throw new ConfigError(
      "ACCOUNT_PROVIDER is required in production; the only provider built in is 'sandbox', which simulates accounts (set ACCOUNT_PROVIDER=sandbox to run on it anyway)",
    )
  }
  // A generated auth secret is kept in the database, sealed: production says with which key, never a file's.
  if (isProduction && e.AUTH_SECRET === undefined && e.SECRETS_KEY === undefined) {
    throw new ConfigError(
      'SECRETS_KEY is required in production when AUTH_SECRET is not set (the generated auth secret is stored sealed with it): openssl rand -hex 32',
    )
  }
  if (e.SECRETS_KEY_PREVIOUS !== undefined && e.SECRETS_KEY === undefined) {
    throw new ConfigError('SECRETS_KEY_PREVIOUS is the key SECRETS_KEY replaces: set SECRETS_KEY too')
  }
  checkSmtpUrl(e.SMTP_URL)
  const smtpCaFile = e.SMTP_CA_FILE === undefined ? undefined : resolve(cwd, e.SMTP_CA_FILE)
  if (smtpCaFile !== undefined && !existsSync(smtpCaFile)) {
    throw new ConfigError(`SMTP_CA_FILE: no such file ${smtpCaFile}`)
  }
  for (const [name, value] of [
    ['TELEGRAM_API_ROOT', e.TELEGRAM_API_ROOT],
    ['BOT_WEBHOOK_URL', e.BOT_WEBHOOK_URL],
    ['TRON_API_ROOT', e.TRON_API_ROOT],
    ['BSC_RPC_URL', e.BSC_RPC_URL],
  ] as const) {
    if (value !== undefined && !/^https?:\/\/[^\s]+$/.test(value))
      throw new ConfigError(`${name} must be an http(s) URL`)
  }
  const chain = chainConfig(e, isProduction)
  const fakeBotApi =
    !isProduction &&
    (e.FAKE_BOT_API ?? (e.TELEGRAM_BOT_TOKEN === undefined && e.TELEGRAM_API_ROOT === undefined))
  if (e.DATABASE_URL !== undefined && !/^postgres(ql)?:\/\//.test(e.DATABASE_URL)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL')
  }
  const origins = (e.APP_ORIGIN ?? `http://localhost:${e.PORT}`)
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
  const simulator = e.SIMULATOR ?? !isProduction
  const sendLimitDefaults = simulator ? CODE_SEND_LIMITS.demo : CODE_SEND_LIMITS.live
  const emailAuth = emailAuthConfig(e.EMAIL_OUTBOX_POLL_MS, e.EMAIL_RETRY_BASE_MS)
  const codeSendWindowSeconds = 3600
  let trustProxy: TrustProxy
  try {
    trustProxy = parseTrustProxy(e.TRUST_PROXY)
  } catch (error) {
    throw new ConfigError((error as Error).message)
  }
  return {
    isProduction,
    passwordCost: e.NODE_ENV === 'test' ? 'test' : 'owasp',
    port: e.PORT,
    host: e.HOST ?? '0.0.0.0',
    databaseUrl: e.DATABASE_URL,
    dataDir: resolveDataDir(e.DATA_DIR, cwd),
    telegramBotToken: e.TELEGRAM_BOT_TOKEN,
    referralLink: {
      // A demo value so links read right before a bot exists; production sets its own.
      botUsername: (e.TELEGRAM_BOT_USERNAME ?? 'AccountSupplyDemoBot').replace(/^@/, ''),
      miniAppShortName: e.MINI_APP_SHORT_NAME,
    },
    authSecret: e.AUTH_SECRET,
    secretsKey: e.SECRETS_KEY,
    secretsKeyPrevious: e.SECRETS_KEY_PREVIOUS,
    redisUrl: e.REDIS_URL,
    accountProvider: e.ACCOUNT_PROVIDER ?? 'sandbox',
    smtpUrl: e.SMTP_URL,
    smtpCaFile,
    smtpAllowPlaintext: e.SMTP_ALLOW_PLAINTEXT ?? !isProduction,
    warmUp: e.WARM_UP ?? isProduction,
    mailFrom: e.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    emailAuth,
    opsToken: e.OPS_TOKEN,
    operatorLoginFailures: OPERATOR_LOGIN_FAILURES,
    appOrigins: origins,
    simulator,
    demoData: e.DEMO_DATA ?? !isProduction,
    authMaxAgeSeconds: e.AUTH_MAX_AGE_SECONDS,
    logLevel: e.LOG_LEVEL ?? 'info',
    prettyLogs: !isProduction && process.stdout.isTTY === true,
    localesDir: e.LOCALES_DIR ? resolve(cwd, e.LOCALES_DIR) : resolve(REPO_ROOT, 'locales'),
    webDistDir: e.WEB_DIST_DIR ? resolve(cwd, e.WEB_DIST_DIR) : resolve(REPO_ROOT, 'apps/web/dist'),
    consoleDistDir: e.CONSOLE_DIST_DIR
      ? resolve(cwd, e.CONSOLE_DIST_DIR)
      : resolve(REPO_ROOT, 'apps/console/dist'),
    trustProxy,
    miniAppFrameAncestors: parseFrameAncestors(e.MINI_APP_FRAME_ANCESTORS),
    rateLimit: { max: e.RATE_LIMIT_MAX, authMax: e.AUTH_RATE_LIMIT_MAX, timeWindowMs: 60_000 },
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
    validation: { pollMs: e.VALIDATION_POLL_MS, batchSize: e.VALIDATION_BATCH_SIZE },
    codeSendLimits: {
      perPhone: e.CODE_SEND_LIMIT_PER_PHONE ?? sendLimitDefaults.perPhone,
      perUser: e.CODE_SEND_LIMIT_PER_USER ?? sendLimitDefaults.perUser,
      windowSeconds: codeSendWindowSeconds,
    },
    housekeeping: {
      intervalMs: e.HOUSEKEEPING_INTERVAL_MS,
      firstRoundDelayMs: 30_000,
      retentionSeconds: e.HOUSEKEEPING_RETENTION_HOURS * 3600,
      deadRetentionSeconds: e.HOUSEKEEPING_DEAD_RETENTION_HOURS * 3600,
      counterWindowSeconds: Math.max(
        codeSendWindowSeconds,
        emailAuth.codesPerEmail.windowSeconds,
        emailAuth.codeTriesPerEmail.windowSeconds,
        emailAuth.loginFailures.perAddress.windowSeconds,
        emailAuth.loginFailures.perSignIn.windowSeconds,
        OPERATOR_LOGIN_FAILURES.perAddress.windowSeconds,
        OPERATOR_LOGIN_FAILURES.perSignIn.windowSeconds,
        emailAuth.codesPerAddress.windowSeconds,
      ),
      // Short statements, paced (modules/housekeeping/service.ts): up to a million rows a job a round.
      batchSize: 1000,
      maxBatchesPerJob: 1000,
    },
    metrics: {
      port: metricsPort(e.METRICS_PORT, e.PORT),
      // Loopback unless told: the metrics say how busy the server is and need no credentials.
      host: e.METRICS_HOST ?? '127.0.0.1',
      cacheMs: e.METRICS_CACHE_MS,
      ledgerCheckIntervalMs: e.LEDGER_CHECK_INTERVAL_MS,
    },
    chain,
    operators: {
      fourEyesDelaySeconds: e.FOUR_EYES_DELAY_SECONDS,
      apiTokenTtlSeconds: e.OPS_API_TOKEN_TTL_DAYS * 24 * 3600,
    },
    bot: {
      apiRoot: fakeBotApi
        ? undefined
        : (e.TELEGRAM_API_ROOT ?? 'https://api.telegram.org').replace(/\/+$/, ''),
      fakeApi: fakeBotApi,
      webhookUrl: e.BOT_WEBHOOK_URL,
      webhookSecret: e.BOT_WEBHOOK_SECRET,
      opsChatId: e.OPS_CHAT_ID,
      polling: e.BOT_POLLING ?? true,
      apiTimeoutSeconds: 10,
      membershipCacheSeconds: 60,
      failureCacheSeconds: 15,
      reviewAlertSeconds: 24 * 3600,
      pollingLeaseSeconds: 30,
      // A quiet long poll is answered after this long; it must end well inside apiTimeoutSeconds, the client's
      // limit per call, or the client cuts it (both were 10: about half the quiet polls failed as network errors).
      pollingTimeoutSeconds: 5,
      outbox: {
        pollMs: e.BOT_OUTBOX_POLL_MS,
        batchSize: 30,
        maxAttempts: 6,
        backoffBaseMs: e.BOT_RETRY_BASE_MS,
        backoffMaxMs: 600_000,
        leaseSeconds: 120,
        perSecond: 30,
        perChatIntervalMs: 1000,
        groupSeconds: e.BOT_GROUP_SECONDS,
      },
    },
  }
}

/** A database URL fit for messages: the password is never printed. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password !== '') u.password = '***'
    return u.toString()
  } catch {
    return 'the configured DATABASE_URL'
  }
}
