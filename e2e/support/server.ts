import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  createDatabase,
  dropDatabase,
  withDatabaseName,
} from '../../apps/server/test/helpers/postgres-admin.ts'
import { preparedDataDir } from '../../apps/server/test/helpers/prepared-data-dir.ts'
import { serverArgs } from '../../apps/server/test/helpers/server-bundle.ts'
import { e2eRun, recordFields, recordSecret } from './secrets-recorder.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

export type RunningServer = {
  url: string
  botToken: string
  dataDir: string
  output: () => string
  /** Calls the operator API, as `npm run ops` does. */
  ops: (method: string, path: string, body?: unknown) => Promise<unknown>
  stop: () => Promise<void>
  /** SIGKILL, as a crash: the data folder stays, so `startServer(env, server.restartOptions)` continues it. */
  kill: () => Promise<void>
  /** Same port, data folder and tokens: a restart after `kill`. */
  restartOptions: StartOptions
}

export type StartOptions = {
  port?: number
  dataDir?: string
  botToken?: string
  opsToken?: string
  /**
   * `true`: the server runs on a fresh PostgreSQL database made next to TEST_DATABASE_URL's when that is set (CI
   * sets it), on PGlite without it. A name: that database (a restart; `restartOptions` carry it).
   */
  postgres?: boolean | string
}

/**
 * The file in a PostgreSQL server's data folder that names its database: the secrets scan after an e2e run
 * (global-setup.ts) dumps that database too, then drops it.
 */
export const POSTGRES_DATABASE_FILE = 'e2e-postgres-database'

/** The database a server runs on: its name and URL for PostgreSQL, nothing for PGlite. */
async function postgresFor(
  option: StartOptions['postgres'],
): Promise<{ name: string; url: string } | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!option || !adminUrl) return undefined
  if (typeof option === 'string') return { name: option, url: withDatabaseName(adminUrl, option) }
  const name = `e2e_${randomBytes(6).toString('hex')}`
  return { name, url: await createDatabase(adminUrl, name) }
}

/** Listens on `port` of 127.0.0.1 (0: one the OS picks) and closes again: the port it got, undefined when taken. */
const probePort = (port: number) =>
  new Promise<number | undefined>((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(undefined))
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address()
      const got = typeof address === 'object' && address ? address.port : undefined
      probe.close(() => resolve(got))
    })
  })

/** A port free on 127.0.0.1 now (the OS picks it). */
export async function freePort(): Promise<number> {
  const port = await probePort(0)
  if (port === undefined) throw new Error('no free port on 127.0.0.1')
  return port
}

/**
 * A port for a server of this file: each Vitest worker draws from its own range, below the OS's ephemeral ports. Two
 * workers asking the OS at once can both be told the same free port; the second server then fails to bind while its
 * health check is answered by the first, and its test talks to another file's server.
 */
const PORTS_PER_WORKER = 400
let portsDrawn = 0
async function serverPort(): Promise<number> {
  const base = 20_000 + (Number(process.env.VITEST_POOL_ID ?? 0) % 25) * PORTS_PER_WORKER
  for (;;) {
    const port = base + (portsDrawn++ % PORTS_PER_WORKER)
    if ((await probePort(port)) !== undefined) return port
  }
}

async function waitHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`)
    try {
      const response = await fetch(`${url}/healthz`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`server did not become healthy:\n${output()}`)
}

/**
 * Starts the real server (built web app, PGlite in a fresh data folder or PostgreSQL with `postgres`, demo data,
 * simulator, the fake Bot API) on a free port.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const port = options.port ?? (await serverPort())
  // In an e2e run, the data folder is kept under test-output/e2e-data/<run>/ for the secrets scan after the run
  // (global-setup.ts), and the server's log goes to test-output/e2e-logs/<run>/.
  const run = e2eRun()
  if (run) mkdirSync(run.dataRoot, { recursive: true })
  const postgres = await postgresFor(options.postgres)
  // PGlite: a migrated database copied in (far quicker than PGlite's initdb on an empty folder): the first
  // start of `npm start` on an empty folder has its own test (apps/server/test/server.test.ts). PostgreSQL: the
  // server migrates its empty database; the folder keeps the development secrets key and names the database.
  const dataDir =
    options.dataDir ??
    (postgres
      ? mkdtempSync(join(run?.dataRoot ?? tmpdir(), 'e2e-pg-'))
      : await preparedDataDir(run?.dataRoot ?? tmpdir(), 'e2e-data-'))
  if (postgres) writeFileSync(join(dataDir, POSTGRES_DATABASE_FILE), postgres.name)
  const botToken = options.botToken ?? `1234567:e2e-${Math.random().toString(36).slice(2)}`
  const url = `http://127.0.0.1:${port}`
  const opsToken = options.opsToken ?? `e2e-ops-${Math.random().toString(36).slice(2)}-token`
  recordSecret('bot token', botToken, 'e2e/support/server.ts')
  recordSecret('operator token', opsToken, 'e2e/support/server.ts')
  const smtpPassword = env.SMTP_URL ? decodeURIComponent(new URL(env.SMTP_URL).password) : ''
  if (smtpPassword) recordSecret('SMTP password', smtpPassword, 'SMTP_URL')
  const child = spawn(process.execPath, serverArgs('development'), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TELEGRAM_BOT_TOKEN: botToken,
      // As `npm start` in development: the fake Bot API in the server's process (a token alone would turn it
      // off and send the bot to api.telegram.org). Its demo channel is not joined, so home asks to join it.
      FAKE_BOT_API: 'true',
      APP_ORIGIN: url,
      OPS_TOKEN: opsToken,
      VALIDATION_POLL_MS: '500',
      // Every page of a file comes from one address: a tour at a headless browser's pace calls the API more than a
      // person's 300 a minute. The limit's own tests set theirs.
      RATE_LIMIT_MAX: '5000',
      DATABASE_URL: postgres?.url ?? '',
      // Production's level in an e2e run, so that the secrets scan reads what a deployment would log.
      LOG_LEVEL: run ? 'info' : 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  if (run) mkdirSync(run.logsDir, { recursive: true })
  const logFile = run ? createWriteStream(join(run.logsDir, `server-${port}.log`), { flags: 'a' }) : undefined
  child.stdout?.on('data', (chunk) => {
    log += chunk
    logFile?.write(chunk)
  })
  child.stderr?.on('data', (chunk) => {
    log += chunk
    logFile?.write(chunk)
  })
  child.once('exit', () => logFile?.end())
  const output = () => log
  await waitHealthy(url, child, output)
  return {
    url,
    botToken,
    dataDir,
    output,
    ops: async (method, path, body) => {
      const response = await fetch(`${url}/ops${path}`, {
        method,
        headers: {
          authorization: `Bearer ${opsToken}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      if (!response.ok) throw new Error(`ops ${method} ${path}: ${response.status} ${await response.text()}`)
      const answer: unknown = await response.json()
      // An operator's password, TOTP secret or API token, as the operator API hands them out.
      recordFields(answer, new Set(['password', 'totpSecret', 'token']), `ops ${method} ${path}`)
      return answer
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      // Kept for the secrets scan in an e2e run (global-setup.ts removes them after a clean scan).
      if (run) return
      rmSync(dataDir, { recursive: true, force: true })
      if (postgres) await dropDatabase(process.env.TEST_DATABASE_URL ?? '', postgres.name)
    },
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await exited
    },
    restartOptions: { port, dataDir, botToken, opsToken, postgres: postgres?.name },
  }
}
