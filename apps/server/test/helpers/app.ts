/**
 * Builds the app (the plugin of src/app.ts on a Fastify instance made as server.ts makes it) against a
 * migrated test database, with fixed secrets so tests can sign and verify, and with the development tools
 * (demo data, simulator) as `npm start` has them.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TokenPair } from '@app/contract'
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import type { Database } from '#db/client.ts'
import { DEMO_REFERRAL_CODE } from '#dev/demo/demo-data.ts'
import { createDevTools } from '#dev/dev-tools.ts'
import appPlugin, { type AppOptions, serverOptions } from '#src/app.ts'
import { type Config, loadConfig } from '#src/config.ts'
import { createTestDatabase, type DatabaseKind } from './database.ts'
import { signInitData, TEST_BOT_TOKEN, type TestTelegramUser } from './init-data.ts'

export const TEST_AUTH_SECRET = 'test-auth-secret-that-is-long-enough-0123456789'
export const TEST_OPS_TOKEN = 'test-ops-token-0123456789abcdef'

export function testConfig(overrides: Partial<Config> = {}): Config {
  // Under the run's data root (global-setup.ts), which goes with the run: many configs are made only to be read.
  const dataDir = mkdtempSync(join(process.env.TEST_DATA_ROOT ?? tmpdir(), 'server-test-data-'))
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    AUTH_SECRET: TEST_AUTH_SECRET,
    OPS_TOKEN: TEST_OPS_TOKEN,
    LOG_LEVEL: 'silent',
    // High limits so suites that send many requests do not trip them; rate-limit tests lower them.
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    // Tests drive validations with runDueValidations; no background loop.
    VALIDATION_POLL_MS: '0',
    // Nor an email outbox worker: the email suites start theirs against a real SMTP server.
    EMAIL_OUTBOX_POLL_MS: '0',
    // No bot in the background, and a Bot API root that refuses at once: the bot suites start the fake.
    TELEGRAM_API_ROOT: 'http://127.0.0.1:9',
    BOT_POLLING: 'off',
    BOT_OUTBOX_POLL_MS: '0',
    // Acceptances sent as they come: the grouping suite (bot-grouping.test.ts) sets its window.
    BOT_GROUP_SECONDS: '0',
    // Nor housekeeping: its suite runs rounds itself (a round amid a test with a moved clock would prune its rows).
    HOUSEKEEPING_INTERVAL_MS: '0',
    // Nor the ledger check behind the metrics: the metrics suite runs it itself.
    LEDGER_CHECK_INTERVAL_MS: '0',
    // Suites reuse the sandbox's numbers; the code-send limit tests lower these.
    CODE_SEND_LIMIT_PER_PHONE: '100000',
    CODE_SEND_LIMIT_PER_USER: '100000',
    WEB_DIST_DIR: join(dataDir, 'no-web-dist'),
  })
  return { ...base, prettyLogs: false, ...overrides }
}

export type AppDeps = Omit<AppOptions, 'config'> & {
  /** Log destination instead of stdout. */
  logStream?: NodeJS.WritableStream
}

/** One app instance, ready; a failed start closes what it opened. The caller closes the app. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const { logStream, ...options } = deps
  const app = Fastify(serverOptions(config, logStream))
  try {
    await app.register(appPlugin, { devTools: createDevTools(), ...options, config })
    await app.ready()
  } catch (error) {
    await app.close().catch(() => undefined)
    throw error
  }
  return app
}

export type TestApp = { app: FastifyInstance; database: Database; config: Config; close(): Promise<void> }

export async function createTestApp(
  kind: DatabaseKind,
  options: { config?: Partial<Config>; deps?: AppDeps } = {},
): Promise<TestApp> {
  const testDatabase = await createTestDatabase(kind)
  const config = testConfig(options.config)
  const app = await buildApp(config, { ...options.deps, database: testDatabase.database })
  return {
    app,
    database: testDatabase.database,
    config,
    async close() {
      await app.close()
      await testDatabase.dispose()
      rmSync(config.dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A second app on an existing test app's database, with its own config or deps (no new database:
 * restoring PGlite costs about a second). The caller closes it; the database stays open.
 */
export async function buildAppOn(
  base: TestApp,
  options: { config?: Partial<Config>; deps?: AppDeps } = {},
): Promise<FastifyInstance> {
  return buildApp(testConfig(options.config), { ...options.deps, database: base.database })
}

/** Registers beforeAll/afterAll for one app per describe block; read `.app` inside tests. */
export function useTestApp(kind: DatabaseKind, options: Parameters<typeof createTestApp>[1] = {}): TestApp {
  let current: TestApp | undefined
  const get = () => {
    if (!current) throw new Error('test app not ready (use it inside tests)')
    return current
  }
  beforeAll(async () => {
    current = await createTestApp(kind, options)
  })
  afterAll(async () => {
    await current?.close()
  })
  return {
    get app() {
      return get().app
    },
    get database() {
      return get().database
    },
    get config() {
      return get().config
    },
    close: () => get().close(),
  }
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json() as T
}

export async function authorize(
  app: FastifyInstance,
  user: TestTelegramUser,
  options: { startParam?: string; referralCode?: string } = { startParam: DEMO_REFERRAL_CODE },
): Promise<TokenPair> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/telegram/authorize',
    payload: {
      initData: signInitData({ user, ...(options.startParam ? { startParam: options.startParam } : {}) }),
      ...(options.referralCode ? { referralCode: options.referralCode } : {}),
    },
  })
  if (response.statusCode !== 200)
    throw new Error(`authorize failed: ${response.statusCode} ${response.body}`)
  return json<TokenPair>(response)
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
