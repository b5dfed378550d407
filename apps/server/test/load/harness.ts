/**
 * The load bench's parts (docs/resilience.md, 'Load'), shared by `npm run bench:load` (bench/load.ts) and its
 * slice in `npm test` (load-slice.test.ts): a seeded PostgreSQL database, server processes behind one port
 * (cluster.ts), real users signed in through `POST /auth/telegram/authorize`, and autocannon running the users'
 * mix at a paced rate with figures per route.
 *
 * The mix, one visit of a user per cycle of a connection: GET /dashboard, the accounts list, a phone search in it
 * (3 or 4 digits), one account's detail (the first of the list), the invoice list; on a quarter of the visits an
 * account submission (phone, login code, submit, and the dashboard again); on 3% of them an operator's account
 * search (the newest accounts of everyone, then a phone search) with the operator token. A user is in one visit at
 * a time. Each user (and operator) comes from an address of its own (`X-Forwarded-For`, the servers trust one
 * proxy), so the per-client limits (300 a minute, the /auth budget, login codes) apply as in production.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { Redis } from 'ioredis'
import pg from 'pg'
import { migrateDatabase } from '#db/migrate.ts'
import { tableRowCounts } from '#modules/housekeeping/repository.ts'
import { SANDBOX_LOGIN_CODE } from '#providers/sandbox/scenarios.ts'
import { TEST_AUTH_SECRET, TEST_OPS_TOKEN } from '../helpers/app.ts'
import { openTestPool } from '../helpers/database.ts'
import { signInitData, TEST_BOT_TOKEN } from '../helpers/init-data.ts'
import type { ProcessStats } from './process-stats.ts'
import { SEED_TELEGRAM_BASE, type SeedFigures, type SeedSize, seedLoadData } from './seed.ts'

const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url))
const CLUSTER = 'apps/server/test/load/cluster.ts'

// --- The database ---

export type LoadDatabase = { url: string; seed: SeedFigures; dispose(): Promise<void> }

function withDatabaseName(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

/** A fresh database next to `adminUrl`'s, migrated and seeded; `dispose()` drops it. */
export async function createLoadDatabase(adminUrl: string, size: SeedSize): Promise<LoadDatabase> {
  const name = `load_${Date.now().toString(36)}_${process.pid}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = withDatabaseName(adminUrl, name)
  const dispose = async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl })
    await cleanup.connect()
    await cleanup.query(`drop database if exists ${name} with (force)`)
    await cleanup.end()
  }
  try {
    const database = openTestPool(url)
    await migrateDatabase(database)
    await database.close()
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return { url, seed: await seedLoadData(client, size), dispose }
    } finally {
      await client.end()
    }
  } catch (error) {
    await dispose()
    throw error
  }
}

/** Runs `run` with a client of the database at `url`. */
export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

// --- The servers ---

export type Cluster = {
  /** Each process's own port (cluster.ts): the runs spread their connections over them. */
  ports: number[]
  /** The first process's port, for single calls (set-up, sign-in, the ledger). */
  port: number
  workers: number
  child: ChildProcess
  /** Error lines the servers wrote (pino level 50 and above, or anything not JSON). */
  errorLines: () => string[]
  /** Each worker's event-loop delay, GC pauses and pool queue since the last call (process-stats.ts). */
  processStats(): Promise<ProcessStats[]>
  stop(): Promise<void>
}

type ServerOptions = {
  port: number
  databaseUrl: string
  redisUrl?: string | undefined
  /** Housekeeping's interval (HOUSEKEEPING_INTERVAL_MS): short, so that a run shows its rounds (default 10 min). */
  housekeepingIntervalMs?: number | undefined
  /** false: the processes listen without their warm-up (WARM_UP=off; production warms up, src/warm-up.ts). */
  warmUp?: boolean | undefined
}

/** The environment of a production deployment on the sandbox provider, its bot silent. */
function serverEnv(options: ServerOptions) {
  return {
    NODE_ENV: 'production',
    ACCOUNT_PROVIDER: 'sandbox',
    CHAIN_VERIFICATION: 'off',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    AUTH_SECRET: TEST_AUTH_SECRET,
    OPS_TOKEN: TEST_OPS_TOKEN,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    // No Telegram here: no polling, no outbox delivery (its rows stay queued), a Bot API root that refuses.
    TELEGRAM_API_ROOT: 'http://127.0.0.1:9',
    BOT_POLLING: 'off',
    BOT_OUTBOX_POLL_MS: '0',
    ...(options.housekeepingIntervalMs === undefined
      ? {}
      : { HOUSEKEEPING_INTERVAL_MS: String(options.housekeepingIntervalMs) }),
    ...(options.warmUp === false ? { WARM_UP: 'off' } : {}),
    WEB_DIST_DIR: join(REPO_ROOT, 'test-output', 'load-no-web-dist'),
    CONSOLE_DIST_DIR: join(REPO_ROOT, 'test-output', 'load-no-console-dist'),
  }
}

/** Starts `workers` server processes, each on a port of its own (cluster.ts), and waits until every one listens. */
export async function startCluster(
  options: Omit<ServerOptions, 'port'> & {
    workers: number
    /** Each process writes a V8 CPU profile here when it stops (Node's `--cpu-prof`; the workers inherit it). */
    cpuProfileDir?: string | undefined
  },
): Promise<Cluster> {
  const profile =
    options.cpuProfileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`]
  const child = spawn(process.execPath, [...profile, CLUSTER], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOAD_WORKERS: String(options.workers),
      ...serverEnv({ ...options, port: 0 }),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk) => (stdout += chunk))
  child.stderr?.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()))
  const t0 = Date.now()
  while (!stdout.includes('cluster ready')) {
    if (child.exitCode !== null) throw new Error(`cluster exited: ${stderr}`)
    if (Date.now() - t0 > 120_000) {
      child.kill('SIGKILL')
      throw new Error(`cluster not ready after 120 s: ${stderr}`)
    }
    await sleep(50)
  }
  const ports = (stdout.match(/cluster ready ([\d ]+)/)?.[1] ?? '').trim().split(' ').map(Number)
  const errorLines = () =>
    `${stdout}\n${stderr}`.split('\n').filter((line) => {
      if (line.trim() === '' || line.startsWith('cluster ready')) return false
      try {
        return (JSON.parse(line) as { level?: number }).level !== undefined
          ? ((JSON.parse(line) as { level: number }).level ?? 0) >= 50
          : true
      } catch {
        return true
      }
    })
  return {
    ports,
    port: ports[0] as number,
    workers: options.workers,
    child,
    errorLines,
    processStats: () =>
      new Promise<ProcessStats[]>((resolve) => {
        const answer = (message: { type?: string; stats?: ProcessStats[] }) => {
          if (message?.type !== 'process-stats' || message.stats === undefined) return
          child.off('message', answer)
          resolve(message.stats)
        }
        child.on('message', answer)
        child.send({ type: 'process-stats' })
      }),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
      await exited
      clearTimeout(timer)
    },
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// --- Users and the operator ---

export type LoadUser = { index: number; token: string; ip: string }

const userIp = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`
const OPERATOR_IPS = ['10.250.0.1', '10.250.0.2', '10.250.0.3']

async function call(
  port: number,
  method: string,
  path: string,
  options: { token?: string; ip: string; body?: unknown },
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      'x-forwarded-for': options.ip,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(30_000),
  })
  const text = await response.text()
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) }
}

/** What the operator sets before users come: orders open, validations 5 s after a submission. */
export async function openForBusiness(port: number): Promise<void> {
  for (const [key, value] of Object.entries({ order_open: true, validation_delay_seconds: '5' })) {
    const answer = await call(port, 'PUT', `/ops/settings/${key}`, {
      token: TEST_OPS_TOKEN,
      ip: OPERATOR_IPS[0] as string,
      body: { value },
    })
    if (answer.status !== 200)
      throw new Error(`setting ${key}: ${answer.status} ${JSON.stringify(answer.body)}`)
  }
}

/**
 * Signs `count` seeded users in the way the mini-app does (signed init data, `POST /auth/telegram/authorize`),
 * several at a time: their access tokens last 15 minutes, so sign in again before a later phase.
 */
export async function signInUsers(port: number, count: number, seededUsers: number): Promise<LoadUser[]> {
  const users: LoadUser[] = []
  const indexes = Array.from({ length: count }, (_, i) => Math.floor((i * seededUsers) / count))
  let next = 0
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = next++; i < indexes.length; i = next++) {
        const index = indexes[i] as number
        const ip = userIp(index)
        const answer = await call(port, 'POST', '/auth/telegram/authorize', {
          ip,
          body: {
            initData: signInitData({
              user: { id: SEED_TELEGRAM_BASE + index, first_name: `User${index}`, language_code: 'en' },
            }),
          },
        })
        if (answer.status !== 200)
          throw new Error(`sign-in ${index}: ${answer.status} ${JSON.stringify(answer.body)}`)
        users.push({ index, token: (answer.body as { accessToken: string }).accessToken, ip })
      }
    }),
  )
  return users
}

// --- Figures ---

export type RouteFigures = {
  requests: number
  errors: number
  statuses: Record<string, number>
  p50: number
  p99: number
  reqPerSec: number
}

export type RunFigures = {
  label: string
  seconds: number
  targetRate: number | undefined
  connections: number
  requests: number
  reqPerSec: number
  p50: number
  p99: number
  errors: number
  timeouts: number
  connectionErrors: number
  perRoute: Map<string, RouteFigures>
  /** A few failing answers, to see what went wrong. */
  samples: string[]
  loadAverage: number[]
  /** p99 of each 10 s of the run, in order: where in the run the tail was. */
  p99By10s: number[]
  /** The seconds of the run with answers over `SLOW_MS`, in order: when exactly the tail came. */
  slowSeconds: { second: number; answers: number; slow: number; maxMs: number }[]
  /** The bench's own event-loop delay (max, ms): a busy client measures its own delay as the server's. */
  clientDelayMax: number
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

/** The issue's budget for p99 (issue 23): answers over it are counted second by second. */
const SLOW_MS = 100

class Tally {
  readonly latencies = new Map<string, number[]>()
  readonly statuses = new Map<string, Map<number, number>>()
  readonly failures = new Map<string, number>()
  readonly samples: string[] = []
  /** Answers' latencies by the 10 s of the run they came in. */
  readonly windows: number[][] = []
  /** Per second of the run: answers, those over SLOW_MS, the slowest. */
  readonly seconds = new Map<number, { answers: number; slow: number; maxMs: number }>()
  readonly started = performance.now()
  readonly clientDelay = monitorEventLoopDelay({ resolution: 10 })
  timeouts = 0
  connectionErrors = 0

  constructor() {
    this.clientDelay.enable()
  }

  response(route: string, status: number, ms: number): void {
    const elapsed = performance.now() - this.started
    const window = Math.floor(elapsed / 10_000)
    const second = Math.floor(elapsed / 1000)
    const tally = this.seconds.get(second) ?? { answers: 0, slow: 0, maxMs: 0 }
    tally.answers += 1
    if (ms > SLOW_MS) tally.slow += 1
    tally.maxMs = Math.max(tally.maxMs, ms)
    this.seconds.set(second, tally)
    for (let i = this.windows.length; i <= window; i++) this.windows.push([])
    this.windows[window]?.push(ms)
    let list = this.latencies.get(route)
    if (!list) {
      list = []
      this.latencies.set(route, list)
    }
    list.push(ms)
    let statuses = this.statuses.get(route)
    if (!statuses) {
      statuses = new Map()
      this.statuses.set(route, statuses)
    }
    statuses.set(status, (statuses.get(status) ?? 0) + 1)
    if (status < 200 || status >= 300) this.fail(route)
  }

  fail(route: string): void {
    this.failures.set(route, (this.failures.get(route) ?? 0) + 1)
  }

  sample(line: string): void {
    if (this.samples.length < 10) this.samples.push(line)
  }

  figures(label: string, seconds: number, targetRate: number | undefined, connections: number): RunFigures {
    const perRoute = new Map<string, RouteFigures>()
    const all: number[] = []
    const routes = new Set([...this.latencies.keys(), ...this.failures.keys()])
    for (const route of [...routes].sort()) {
      const list = (this.latencies.get(route) ?? []).slice().sort((a, b) => a - b)
      // Not push(...list): a saturated run's 54,000 answers overflow the call stack as arguments.
      for (const ms of list) all.push(ms)
      perRoute.set(route, {
        requests: list.length,
        errors: this.failures.get(route) ?? 0,
        statuses: Object.fromEntries(
          [...(this.statuses.get(route) ?? new Map<number, number>())].map(([s, n]) => [String(s), n]),
        ),
        p50: percentile(list, 50),
        p99: percentile(list, 99),
        reqPerSec: list.length / seconds,
      })
    }
    all.sort((a, b) => a - b)
    return {
      label,
      seconds,
      targetRate,
      connections,
      requests: all.length,
      reqPerSec: all.length / seconds,
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      errors: [...this.failures.values()].reduce((a, b) => a + b, 0),
      timeouts: this.timeouts,
      connectionErrors: this.connectionErrors,
      perRoute,
      samples: this.samples,
      loadAverage: loadavg(),
      p99By10s: this.windows.map((list) =>
        percentile(
          list.sort((a, b) => a - b),
          99,
        ),
      ),
      slowSeconds: [...this.seconds]
        .filter(([, tally]) => tally.slow > 0)
        .sort(([a], [b]) => a - b)
        .map(([second, tally]) => ({ second, ...tally })),
      clientDelayMax: this.finishClientDelay(),
    }
  }

  private finishClientDelay(): number {
    this.clientDelay.disable()
    return this.clientDelay.max / 1e6
  }
}

// --- autocannon ---

/** What autocannon's Client is underneath (lib/httpClient.js, 9.0): the parts the pacing and the tally use. */
type CannonClient = {
  destroyed: boolean
  rate: number | undefined
  requestIterator: { context: VisitContext }
  _doRequest: () => void
  on(event: 'timeout' | 'connError' | 'done', listener: () => void): void
}

/**
 * autocannon's own rate (`overallRate`) lets each connection send its share of a second back to back when the
 * second starts, every connection in step: bursts that make p99 a figure of the burst, not of the rate. Instead
 * each connection sends one request every `1000 / perConnection` ms from a random phase (a connection whose answer
 * comes later sends at once, so a slow server is offered less: the achieved rate is printed beside the target).
 */
function pace(client: CannonClient, perConnection: number): void {
  client.rate = undefined
  const intervalMs = 1000 / perConnection
  let next = performance.now() + Math.random() * intervalMs
  let timer: NodeJS.Timeout | undefined
  const send = client._doRequest.bind(client)
  const go = () => {
    next = Math.max(next, performance.now() - intervalMs) + intervalMs
    send()
  }
  client._doRequest = () => {
    if (timer !== undefined || client.destroyed) return
    const wait = next - performance.now()
    if (wait <= 1) return go()
    timer = setTimeout(() => {
      timer = undefined
      if (!client.destroyed) go()
    }, wait)
  }
  client.on('done', () => clearTimeout(timer))
}

type Step = {
  route: string
  method: 'GET' | 'POST'
  path: (visit: VisitContext) => string
  body?: (visit: VisitContext) => unknown
  operator?: boolean
  /** Reads what later steps need from the answer. */
  read?: (visit: VisitContext, body: unknown) => void
}

type VisitContext = {
  user?: LoadUser
  plan?: Step[]
  route?: string
  accountUid?: string
  phone?: string
}

const digits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0')

const firstItemUid = (body: unknown) => (body as { items?: { uid?: string }[] }).items?.[0]?.uid

const STEPS = {
  dashboard: { route: 'GET /dashboard', method: 'GET', path: () => '/dashboard' },
  accounts: {
    route: 'GET /accounts',
    method: 'GET',
    path: () => '/accounts',
    read: (visit, body) => {
      visit.accountUid = firstItemUid(body)
    },
  },
  search: {
    route: 'GET /accounts?search',
    method: 'GET',
    path: () => `/accounts?search=${digits(3 + Math.floor(Math.random() * 2))}`,
  },
  detail: {
    route: 'GET /accounts/:uid',
    method: 'GET',
    path: (visit) => `/accounts/${visit.accountUid ?? '00000000-0000-4000-8000-000000000000'}`,
  },
  invoices: { route: 'GET /invoices', method: 'GET', path: () => '/invoices' },
  opsAccounts: { route: 'GET /ops/accounts', method: 'GET', path: () => '/ops/accounts', operator: true },
  opsSearch: {
    route: 'GET /ops/accounts?phone',
    method: 'GET',
    path: () => `/ops/accounts?phone=${digits(4)}`,
    operator: true,
  },
  submitPhone: {
    route: 'POST /telegram/submit-account-phone',
    method: 'POST',
    path: () => '/telegram/submit-account-phone',
    body: (visit) => ({ phone: visit.phone, submitType: 'login' }),
  },
  submitCode: {
    route: 'POST /telegram/submit-account-code',
    method: 'POST',
    path: () => '/telegram/submit-account-code',
    body: () => ({ code: SANDBOX_LOGIN_CODE }),
  },
  submit: { route: 'POST /telegram/submit-account', method: 'POST', path: () => '/telegram/submit-account' },
} satisfies Record<string, Step>

const SUBMISSION_SHARE = 0.25
const OPERATOR_SHARE = 0.03
const MAX_STEPS = 11

/** Iranian mobile numbers in no sandbox entry and in none of the seeded ones: ordinary accounts. */
let nextPhone = Math.floor(Math.random() * 5_000_000)
const submissionPhone = () => `+98936${String(nextPhone++ % 10_000_000).padStart(7, '0')}`

function planVisit(submissionShare: number): Step[] {
  const plan: Step[] = [STEPS.dashboard, STEPS.accounts, STEPS.search, STEPS.detail, STEPS.invoices]
  if (Math.random() < OPERATOR_SHARE) plan.push(STEPS.opsAccounts, STEPS.opsSearch)
  if (Math.random() < submissionShare)
    plan.push(STEPS.submitPhone, STEPS.submitCode, STEPS.submit, STEPS.dashboard)
  return plan
}

type RequestShape = { method: string; path: string; headers: Record<string, string>; body?: string }

function build(step: Step, visit: VisitContext, base: RequestShape): RequestShape {
  const user = visit.user as LoadUser
  const operatorIp = OPERATOR_IPS[user.index % OPERATOR_IPS.length] as string
  const body = step.body?.(visit)
  visit.route = step.route
  return {
    ...base,
    method: step.method,
    path: step.path(visit),
    headers: {
      authorization: `Bearer ${step.operator ? TEST_OPS_TOKEN : user.token}`,
      'x-forwarded-for': step.operator ? operatorIp : user.ip,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? { body: '' } : { body: JSON.stringify(body) }),
  }
}

/** `connections` spread evenly over `ports` (a process each): one autocannon per port, one tally. */
async function cannon(
  label: string,
  options: {
    ports: number[]
    seconds: number
    connections: number
    /** Requests a second over all connections; undefined: as fast as answers come. */
    rate: number | undefined
    requests: autocannon.Request[]
    tally: Tally
  },
): Promise<RunFigures> {
  const { tally, rate, connections, ports } = options
  const share = (i: number) =>
    Math.floor(connections / ports.length) + (i < connections % ports.length ? 1 : 0)
  const run = (port: number, portConnections: number) => {
    // Without a callback autocannon answers its instance (events), which is also a promise of the result.
    const instance = autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: portConnections,
      duration: options.seconds,
      timeout: 10,
      requests: options.requests,
      setupClient: (raw) => {
        const client = raw as unknown as CannonClient
        if (rate !== undefined) pace(client, rate / connections)
        client.on('timeout', () => {
          tally.timeouts += 1
          const context = client.requestIterator.context
          tally.fail(context.route ?? 'unknown')
          if (context.user) busy.delete(context.user.index)
        })
        client.on('connError', () => {
          tally.connectionErrors += 1
          tally.fail(client.requestIterator.context.route ?? 'unknown')
        })
      },
    }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>
    instance.on('response', (raw: unknown, status: number, _bytes: number, ms: number) => {
      const client = raw as CannonClient
      tally.response(client.requestIterator.context.route ?? 'unknown', status, ms)
    })
    return instance
  }
  await Promise.all(ports.flatMap((port, i) => (share(i) > 0 ? [run(port, share(i))] : [])))
  return tally.figures(label, options.seconds, rate, connections)
}

/** Users in a visit now: a user makes one visit at a time, as one person with one phone does. */
const busy = new Set<number>()

/**
 * The users' mix (module comment) for `seconds` at `rate` requests a second, over `connections` connections
 * (default: one per 4 requests a second, so that a connection keeps its pace while answers take under 250 ms).
 */
export async function runMix(options: {
  ports: number[]
  users: LoadUser[]
  rate: number
  seconds: number
  connections?: number
  /** Share of visits that submit an account; SUBMISSION_SHARE by default. */
  submissionShare?: number
  label?: string
}): Promise<RunFigures> {
  const connections = options.connections ?? Math.min(400, Math.max(4, Math.ceil(options.rate / 4)))
  const tally = new Tally()
  busy.clear()
  const pick = (): LoadUser => {
    for (;;) {
      const user = options.users[Math.floor(Math.random() * options.users.length)] as LoadUser
      if (!busy.has(user.index) || busy.size >= options.users.length) {
        busy.add(user.index)
        return user
      }
    }
  }
  const slot = (i: number): autocannon.Request => ({
    setupRequest: (request, context) => {
      const visit = context as VisitContext
      if (i === 0) {
        visit.user = pick()
        visit.plan = planVisit(options.submissionShare ?? SUBMISSION_SHARE)
        visit.phone = submissionPhone()
        visit.accountUid = undefined
      }
      const step = visit.plan?.[i]
      if (step === undefined) return undefined as unknown as autocannon.Request // the visit is over: next one
      return build(step, visit, request as unknown as RequestShape) as unknown as autocannon.Request
    },
    onResponse: (status, body, context) => {
      const visit = context as VisitContext
      const step = visit.plan?.[i]
      if (status >= 200 && status < 300) {
        if (step?.read) step.read(visit, JSON.parse(body))
      } else {
        tally.sample(`${step?.route} ${status} ${body.slice(0, 200)}`)
      }
      if (visit.user && i === (visit.plan?.length ?? 0) - 1) busy.delete(visit.user.index)
    },
  })
  return cannon(options.label ?? `mix at ${options.rate} req/s`, {
    ports: options.ports,
    seconds: options.seconds,
    connections,
    rate: options.rate,
    requests: Array.from({ length: MAX_STEPS }, (_, i) => slot(i)),
    tally,
  })
}

/**
 * A client address for one saturated request, from a pool of 65,536. The global limit (300 a minute per address)
 * is still checked on every request, but never reached: the users' own addresses ran out on an idle machine (the
 * bare route answered more requests in the slice's seconds than its users may send in a minute) and the ratio
 * compared 429s. The ratio compares the routes, not the limiter.
 */
const saturatedAddress = () => `10.200.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`

/**
 * One route as fast as answers come, for the ratio: `GET /dashboard` of random users, or the bare route
 * (cluster.ts), each request from an address of the pool above.
 */
export async function runSaturated(options: {
  ports: number[]
  route: 'dashboard' | 'bare'
  users: LoadUser[]
  seconds: number
  connections?: number
}): Promise<RunFigures> {
  const tally = new Tally()
  const route = options.route === 'dashboard' ? 'GET /dashboard' : 'GET /bench/bare'
  const request: autocannon.Request = {
    setupRequest: (request, context) => {
      const user = options.users[Math.floor(Math.random() * options.users.length)] as LoadUser
      ;(context as VisitContext).route = route
      return {
        ...request,
        method: 'GET',
        path: options.route === 'dashboard' ? '/dashboard' : '/bench/bare',
        headers: {
          ...(options.route === 'dashboard' ? { authorization: `Bearer ${user.token}` } : {}),
          'x-forwarded-for': saturatedAddress(),
        },
      }
    },
    onResponse: (status, body) => {
      if (status < 200 || status >= 300) tally.sample(`${route} ${status} ${body.slice(0, 200)}`)
    },
  }
  return cannon(`${route} saturated`, {
    ports: options.ports,
    seconds: options.seconds,
    connections: options.connections ?? 32,
    rate: undefined,
    requests: [request],
    tally,
  })
}

// --- CPU ---

/** CPU seconds (user + system) a process has used, from /proc (Linux); undefined when it cannot be read. */
function cpuSecondsOf(pid: number): number | undefined {
  try {
    // Fields after the command's closing parenthesis: state is the 3rd field, utime the 14th, stime the 15th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
  } catch {
    return undefined
  }
}
const CLOCK_TICKS = 100

function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
  } catch {
    return []
  }
}

/** CPU seconds so far of each server process and each PostgreSQL backend of the bench's database, by pid. */
export type CpuSample = { node: Map<number, number>; postgres: Map<number, number> }

/**
 * The CPU the servers used: the cluster's worker processes, and the PostgreSQL backends connected to the bench's
 * database. On a machine shared with other work the req/s of a run swing with its load; the CPU each answer took
 * swings much less. Undefined where /proc cannot be read (not Linux).
 */
export async function sampleCpu(cluster: Cluster, databaseUrl: string): Promise<CpuSample | undefined> {
  const workers = cluster.child.pid === undefined ? [] : childPids(cluster.child.pid)
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  let backends: number[]
  try {
    const rows = await client.query(
      "select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()",
    )
    backends = rows.rows.map((row: { pid: number }) => row.pid)
  } finally {
    await client.end()
  }
  const read = (pids: number[]) => {
    const seconds = new Map<number, number>()
    for (const pid of pids) {
      const used = cpuSecondsOf(pid)
      if (used !== undefined) seconds.set(pid, used)
    }
    return seconds
  }
  const node = read(workers)
  return node.size === 0 ? undefined : { node, postgres: read(backends) }
}

/**
 * Milliseconds of CPU between two samples, for Node (the workers) and PostgreSQL (the backends): a backend that
 * opened in between counts whole, one that closed in between is missed (the pools keep theirs while busy).
 */
export function cpuBetween(
  before: CpuSample | undefined,
  after: CpuSample | undefined,
): { nodeMs: number; postgresMs: number } | undefined {
  if (!before || !after) return undefined
  const spent = (a: Map<number, number>, b: Map<number, number>) =>
    [...b].reduce((total, [pid, seconds]) => total + seconds - (a.get(pid) ?? 0), 0) * 1000
  return { nodeMs: spent(before.node, after.node), postgresMs: spent(before.postgres, after.postgres) }
}

// --- Tables ---

/** The tables housekeeping bounds (docs/resilience.md, 'Housekeeping'), and the money tables for scale. */
const WATCHED_TABLES = [
  'rate_limit_counters',
  'refresh_tokens',
  'email_codes',
  'submission_flows',
  'operator_sessions',
  'email_outbox',
  'bot_outbox',
  'idempotency_keys',
  'accounts',
  'invoices',
  'transactions',
] as const

/** Row counts of the watched tables (housekeeping's `tableRowCounts`), and the rate limiter's keys in Redis. */
export async function tableSizes(databaseUrl: string, redisUrl?: string): Promise<Record<string, number>> {
  const database = openTestPool(databaseUrl)
  const sizes: Record<string, number> = {}
  try {
    const counts = await tableRowCounts(database.db)
    for (const table of WATCHED_TABLES) {
      const found = counts.find((c) => c.table === table)
      if (found) sizes[table] = found.rows
    }
  } finally {
    await database.close()
  }
  if (redisUrl) {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 })
    await redis.connect()
    let keys = 0
    let cursor = '0'
    do {
      const [nextCursor, batch] = await redis.scan(cursor, 'MATCH', 'rate-limit:*', 'COUNT', 1000)
      cursor = nextCursor
      keys += batch.length
    } while (cursor !== '0')
    sizes['redis rate-limit keys'] = keys
    await redis.quit()
  }
  return sizes
}

/** The ledger check over the whole database (GET /ops/ledger): its problems, none when the books add up. */
export async function ledgerProblems(port: number): Promise<string[]> {
  const answer = await call(port, 'GET', '/ops/ledger', {
    token: TEST_OPS_TOKEN,
    ip: OPERATOR_IPS[0] as string,
  })
  if (answer.status !== 200) throw new Error(`ledger: ${answer.status}`)
  return (answer.body as { problems: string[] }).problems
}

/**
 * EXPLAIN ANALYZE of the statements behind the mix's heaviest reads, for the user with the most accounts (ordinal 0)
 * and for the operators' search; the operators' first page also without `accounts_created_idx` (dropped inside a
 * transaction that is rolled back), to show what the index is for. One line each: execution time and plan top.
 */
export async function explainQueries(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const lines: string[] = []
  try {
    const user = (await client.query('select id from users where telegram_id = $1', [SEED_TELEGRAM_BASE]))
      .rows[0] as { id: string }
    const page = `select a.*, u.telegram_id from accounts a join users u on u.id = a.user_id`
    const statements: [string, string][] = [
      ['dashboard: count of accounts', `select count(*) from accounts where user_id = ${user.id}`],
      [
        'dashboard: available balance',
        `select coalesce(sum(net), 0) from accounts where user_id = ${user.id} and status = 'accepted' and invoice_id is null`,
      ],
      [
        'dashboard: referral earnings available',
        `select coalesce(sum(amount), 0) from referral_earnings where referrer_user_id = ${user.id} and invoice_id is null`,
      ],
      ['dashboard: referred users', `select count(*) from users where referrer_user_id = ${user.id}`],
      [
        'accounts: first page',
        `select * from accounts where user_id = ${user.id} order by created_at desc, id desc limit 25`,
      ],
      [
        'accounts: search 123',
        `select * from accounts where user_id = ${user.id} and phone like '%123%' order by created_at desc, id desc limit 25`,
      ],
      ['ops accounts: first page', `${page} order by a.created_at desc, a.id desc limit 51`],
      [
        'ops accounts: phone 1234',
        `${page} where a.phone like '%1234%' order by a.created_at desc, a.id desc limit 51`,
      ],
      // What findAccountsForOperators runs for a search whose few matches are old (it read all 1M rows as above).
      [
        'ops accounts: phone 4205, newest 1,000 counted',
        `select count(*) from (select phone from accounts order by created_at desc, id desc limit 1000) n where phone like '%4205%'`,
      ],
      [
        'ops accounts: phone 4205, matches sorted',
        `select a.*, (select telegram_id from users u where u.id = a.user_id) from accounts a where a.phone like '%4205%' order by a.created_at + interval '0 seconds' desc, a.id + 0 desc limit 51`,
      ],
    ]
    const explain = async (label: string, statement: string) => {
      const plan = (await client.query(`explain (analyze, buffers) ${statement}`)).rows.map(
        (row: Record<string, string>) => Object.values(row)[0] as string,
      )
      const time = plan.find((line) => line.startsWith('Execution Time')) ?? ''
      lines.push(
        `${label.padEnd(42)} ${time.replace('Execution Time: ', '').padStart(12)}  ${plan[0]?.replace(/\s+\(cost.*$/, '')}`,
      )
    }
    for (const [label, statement] of statements) await explain(label, statement)
    await client.query('begin')
    await client.query('drop index accounts_created_idx')
    await explain('ops accounts: first page, without the index', statements[6]?.[1] as string)
    await client.query('rollback')
  } finally {
    await client.end()
  }
  return lines
}

// --- Printing ---

const fixed = (n: number, digits = 1) => n.toFixed(digits)

export function formatRun(run: RunFigures): string[] {
  const lines = [
    `${run.label}: ${run.seconds} s, ${run.connections} connections${run.targetRate ? `, target ${run.targetRate} req/s` : ''}, load average ${run.loadAverage.map((n) => n.toFixed(2)).join(' ')}`,
    `  all: ${run.requests} answers, ${fixed(run.reqPerSec)} req/s, p50 ${fixed(run.p50)} ms, p99 ${fixed(run.p99)} ms, errors ${run.errors} (timeouts ${run.timeouts}, connection errors ${run.connectionErrors})`,
  ]
  const width = Math.max(...[...run.perRoute.keys()].map((route) => route.length), 10)
  for (const [route, figures] of run.perRoute) {
    lines.push(
      `  ${route.padEnd(width)} ${String(figures.requests).padStart(7)} ${fixed(figures.reqPerSec).padStart(8)} req/s  p50 ${fixed(figures.p50).padStart(6)} ms  p99 ${fixed(figures.p99).padStart(7)} ms  errors ${figures.errors}  ${Object.entries(
        figures.statuses,
      )
        .map(([status, n]) => `${status}:${n}`)
        .join(' ')}`,
    )
  }
  lines.push(
    `  p99 per 10 s: ${run.p99By10s.map((ms) => fixed(ms)).join(', ')} ms; the bench's own event-loop delay max ${fixed(run.clientDelayMax)} ms`,
  )
  if (run.slowSeconds.length > 0) {
    const shown = run.slowSeconds
      .slice(0, 12)
      .map((s) => `${s.second} s ${s.slow}/${s.answers} (max ${fixed(s.maxMs)})`)
    const more = run.slowSeconds.length - shown.length
    lines.push(
      `  seconds with answers over ${SLOW_MS} ms (over/all): ${shown.join(', ')}${more > 0 ? `, and ${more} more` : ''}`,
    )
  }
  for (const sample of run.samples) lines.push(`  failed: ${sample}`)
  return lines
}
