/**
 * Configuration, validated once at start-up. Nothing else in the server reads `process.env`:
 * modules receive the `Config` object (or the part they need).
 */
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

/** The repository root, so defaults work whatever the process cwd is (locales, web dist). */
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v))

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))

const portSchema = z.coerce.number().int().min(0).max(65535)

const EnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: portSchema.default(8000),
  HOST: optionalString,
  DATABASE_URL: optionalString,
  DATA_DIR: optionalString,
  TELEGRAM_BOT_TOKEN: optionalString,
  AUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  REDIS_URL: optionalString,
  ACCOUNT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  SMTP_URL: optionalString,
  OPS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  OPS_URL: optionalString,
  APP_ORIGIN: optionalString,
  SIMULATOR: booleanFlag.optional(),
  DEMO_DATA: booleanFlag.optional(),
  AUTH_MAX_AGE_SECONDS: z.coerce.number().int().positive().default(86400),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  LOCALES_DIR: optionalString,
  WEB_DIST_DIR: optionalString,
  TRUST_PROXY: booleanFlag.optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  /** How often each process looks for due account validations; 0 turns the loop off. */
  VALIDATION_POLL_MS: z.coerce.number().int().min(0).default(5000),
  VALIDATION_BATCH_SIZE: z.coerce.number().int().positive().max(1000).default(50),
  /** Login codes sent (first send and resends) per phone number, and per user, in one hour. */
  CODE_SEND_LIMIT_PER_PHONE: z.coerce.number().int().positive().default(5),
  CODE_SEND_LIMIT_PER_USER: z.coerce.number().int().positive().default(20),
})

export type Config = {
  isProduction: boolean
  port: number
  host: string
  /** PostgreSQL URL; undefined means PGlite on disk under `dataDir/pglite`. */
  databaseUrl: string | undefined
  /** Absolute path of the data folder (PGlite files, lock, ops token). */
  dataDir: string
  telegramBotToken: string | undefined
  authSecret: string | undefined
  redisUrl: string | undefined
  accountProvider: 'sandbox'
  smtpUrl: string | undefined
  opsToken: string | undefined
  /** CORS allow-list. */
  appOrigins: string[]
  simulator: boolean
  demoData: boolean
  authMaxAgeSeconds: number
  logLevel: string
  /** Pretty logs for people at a terminal; JSON lines otherwise. */
  prettyLogs: boolean
  localesDir: string
  webDistDir: string
  trustProxy: boolean
  rateLimit: { max: number; authMax: number; timeWindowMs: number }
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
  validation: { pollMs: number; batchSize: number }
  codeSendLimits: { perPhone: number; perUser: number; windowSeconds: number }
}

function formatIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'environment'} ${i.message}`).join('; ')
}

function parseEnv(env: NodeJS.ProcessEnv): z.infer<typeof EnvSchema> {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) throw new ConfigError(`Invalid configuration: ${formatIssues(parsed.error)}`)
  return parsed.data
}

function resolveDataDir(dataDir: string | undefined, cwd: string): string {
  return resolve(cwd, dataDir ?? './data')
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const e = parseEnv(env)
  const isProduction = e.NODE_ENV === 'production'
  if (isProduction && e.TELEGRAM_BOT_TOKEN === undefined) {
    throw new ConfigError('TELEGRAM_BOT_TOKEN is required in production (NODE_ENV=production)')
  }
  if (e.DATABASE_URL !== undefined && !/^postgres(ql)?:\/\//.test(e.DATABASE_URL)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL')
  }
  const origins = (e.APP_ORIGIN ?? `http://localhost:${e.PORT}`)
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
  return {
    isProduction,
    port: e.PORT,
    host: e.HOST ?? '0.0.0.0',
    databaseUrl: e.DATABASE_URL,
    dataDir: resolveDataDir(e.DATA_DIR, cwd),
    telegramBotToken: e.TELEGRAM_BOT_TOKEN,
    authSecret: e.AUTH_SECRET,
    redisUrl: e.REDIS_URL,
    accountProvider: e.ACCOUNT_PROVIDER,
    smtpUrl: e.SMTP_URL,
    opsToken: e.OPS_TOKEN,
    appOrigins: origins,
    simulator: e.SIMULATOR ?? !isProduction,
    demoData: e.DEMO_DATA ?? !isProduction,
    authMaxAgeSeconds: e.AUTH_MAX_AGE_SECONDS,
    logLevel: e.LOG_LEVEL ?? 'info',
    prettyLogs: !isProduction && process.stdout.isTTY === true,
    localesDir: e.LOCALES_DIR ? resolve(cwd, e.LOCALES_DIR) : resolve(REPO_ROOT, 'locales'),
    webDistDir: e.WEB_DIST_DIR ? resolve(cwd, e.WEB_DIST_DIR) : resolve(REPO_ROOT, 'apps/web/dist'),
    trustProxy: e.TRUST_PROXY ?? false,
    rateLimit: { max: e.RATE_LIMIT_MAX, authMax: e.AUTH_RATE_LIMIT_MAX, timeWindowMs: 60_000 },
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
    validation: { pollMs: e.VALIDATION_POLL_MS, batchSize: e.VALIDATION_BATCH_SIZE },
    codeSendLimits: {
      perPhone: e.CODE_SEND_LIMIT_PER_PHONE,
      perUser: e.CODE_SEND_LIMIT_PER_USER,
      windowSeconds: 3600,
    },
  }
}

/** What the operator CLI needs: where the server listens and where its token is. */
export type OpsClientConfig = { serverUrl: string; opsToken: string | undefined; dataDir: string }

const OpsClientEnvSchema = z.object({
  PORT: portSchema.default(8000),
  OPS_URL: optionalString,
  OPS_TOKEN: optionalString,
  DATA_DIR: optionalString,
})

export function loadOpsClientConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): OpsClientConfig {
  const parsed = OpsClientEnvSchema.safeParse(env)
  if (!parsed.success) throw new ConfigError(`Invalid configuration: ${formatIssues(parsed.error)}`)
  const e = parsed.data
  return {
    serverUrl: (e.OPS_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, ''),
    opsToken: e.OPS_TOKEN,
    dataDir: resolveDataDir(e.DATA_DIR, cwd),
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
