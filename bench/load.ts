/**
 * `npm run bench:load -- [options]` (`--help` lists them)
 *
 * The load bench (docs/resilience.md, 'Load'), on top of apps/server/test/load/: a fresh PostgreSQL database next
 * to `--pg`'s (default TEST_DATABASE_URL) seeded with 10,000 users and 1,000,000 accounts (invoices, payouts,
 * referral earnings), Redis for the rate limits (`--redis`, default REDIS_URL or redis://127.0.0.1:6379).
 *  1. One server process: the users' mix in steps of `--step-seconds` from `--start-rate` requests a second, times
 *     `--factor` each step, until p99 first passes 100 ms (in two runs in a row), then bisection between the last
 *     step under it and that one: R is the lowest rate found over it (`--rate R` skips the search).
 *  2. Two server processes (Node's cluster, a port each, the connections spread evenly): the mix for `--seconds`
 *     (60) at 2R, with each process's event-loop delay, GC pauses and pool queue (process-stats.ts); then the same
 *     again beside a CPU-bound
 *     neighbour (one busy process, one core) for `--neighbour-seconds` (60; 0 skips it).
 *  3. Same processes: GET /dashboard alone, then the bare route alone, each as fast as answers come for
 *     `--ratio-seconds`, `--ratio-rounds` (3) times in turn: the median of the rounds' ratios of their req/s
 *     (`--ratio-only` runs this phase alone, on two processes).
 * Prints req/s, p50, p99 and errors per route, p99 per 10 s and the seconds with answers over 100 ms (how many,
 * the slowest), the load average, the watched tables' sizes before and after, and
 * the ledger check. Exits 1 on any error in step 2 or 3, or a ledger problem. The database is dropped at the end
 * (`--keep` keeps it and prints its URL; `--database URL` runs on such a seeded database instead of seeding one).
 * `--cpu-profile DIR`: every server process also writes a CPU profile, and each start's are summed when it stops
 * (test/load/cpu-profile.ts): where a tail's CPU went, without a patch.
 */
import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { summarizeCpuProfiles } from '../apps/server/test/load/cpu-profile.ts'
import {
  type Cluster,
  cpuBetween,
  createLoadDatabase,
  explainQueries,
  formatRun,
  type LoadUser,
  ledgerProblems,
  openForBusiness,
  type RunFigures,
  runMix,
  runSaturated,
  sampleCpu,
  signInUsers,
  startCluster,
  tableSizes,
  withClient,
} from '../apps/server/test/load/harness.ts'
import { formatProcessStats } from '../apps/server/test/load/process-stats.ts'
import { agedRowCounts, seedAgedRows } from '../apps/server/test/load/seed.ts'

const { values } = parseArgs({
  options: {
    pg: { type: 'string' },
    redis: { type: 'string' },
    users: { type: 'string', default: '10000' },
    accounts: { type: 'string', default: '1000000' },
    active: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '60' },
    'neighbour-seconds': { type: 'string', default: '60' },
    'warm-up-seconds': { type: 'string', default: '0' },
    'step-seconds': { type: 'string', default: '10' },
    'start-rate': { type: 'string', default: '20' },
    factor: { type: 'string', default: '1.5' },
    'max-rate': { type: 'string', default: '5000' },
    threshold: { type: 'string', default: '100' },
    rate: { type: 'string' },
    'ratio-seconds': { type: 'string', default: '10' },
    'ratio-rounds': { type: 'string', default: '3' },
    'ratio-only': { type: 'boolean', default: false },
    'bisect-steps': { type: 'string', default: '3' },
    'housekeeping-ms': { type: 'string', default: '10000' },
    database: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'cpu-profile': { type: 'string' },
    cold: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})

if (values.help) {
  console.log(`npm run bench:load -- [options]   (docs/resilience.md, 'Load')
  --pg URL              PostgreSQL to make the bench's database next to (default TEST_DATABASE_URL)
  --redis URL           Redis for the rate limits (default REDIS_URL, TEST_REDIS_URL, redis://127.0.0.1:6379)
  --users N             seeded users (10000)
  --accounts N          seeded accounts (1000000)
  --active N            users signed in for the runs (2000)
  --database URL        run on this already seeded database (from --keep) instead of seeding a new one
  --keep                keep the bench's database at the end and print its URL
  --cpu-profile DIR     each server process writes a V8 CPU profile under DIR (a folder per start); printed summed
  --cold                the server processes listen without their warm-up (WARM_UP=off), to weigh it
  --start-rate R        the step search's first rate, req/s (20)
  --factor F            each step's rate is the last one's times F (1.5)
  --step-seconds S      each step's length (10)
  --bisect-steps N      steps of bisection between the last passing and the first failing rate (3)
  --max-rate R          the step search stops there (5000)
  --threshold MS        p99 that ends the step search (100)
  --rate R              skip the step search: R is this
  --seconds S           the 2-process mix at 2R (60)
  --neighbour-seconds S the same mix again beside a CPU-bound neighbour on one core (60; 0: not run)
  --warm-up-seconds S   the mix at 2R for S seconds first, not counted: the processes' first seconds apart (0)
  --housekeeping-ms MS  the 2 processes' housekeeping interval, with aged rows seeded before their run (10000)
  --ratio-seconds S     each ratio run, dashboard or bare route (10)
  --ratio-rounds N      dashboard and bare route in turn, N times; the median ratio counts (3)
  --ratio-only          only the ratio phase, on two processes (no step search, no mix)
  --help                this`)
  process.exit(0)
}

const number = (name: keyof typeof values) => {
  const value = Number(values[name])
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`)
  return value
}
const pgUrl = values.pg ?? (process.env.TEST_DATABASE_URL || undefined)
if (!pgUrl) throw new Error('the load bench needs PostgreSQL: --pg URL or TEST_DATABASE_URL')
const redisUrl =
  values.redis ?? (process.env.REDIS_URL || process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379')
const size = { users: number('users'), accounts: number('accounts') }
const active = Math.min(number('active'), size.users)
const threshold = number('threshold')

let failed = false
const log = (line = '') => console.log(line)
const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`
const printSizes = (label: string, sizes: Record<string, number>) =>
  log(
    `tables ${label}: ${Object.entries(sizes)
      .map(([table, rows]) => `${table} ${rows.toLocaleString('en')}`)
      .join(', ')}`,
  )

let clusterStarts = 0
async function withCluster<T>(
  workers: number,
  databaseUrl: string,
  run: (cluster: Cluster) => Promise<T>,
  housekeepingIntervalMs?: number,
) {
  const t0 = Date.now()
  clusterStarts += 1
  const cpuProfileDir =
    values['cpu-profile'] === undefined
      ? undefined
      : join(resolve(values['cpu-profile']), `${clusterStarts}-${workers}-processes`)
  const cluster = await startCluster({
    workers,
    databaseUrl,
    redisUrl,
    housekeepingIntervalMs,
    cpuProfileDir,
    warmUp: !values.cold,
  })
  log(
    `\n${workers} server process${workers > 1 ? 'es' : ''} on ports ${cluster.ports.join(', ')}, ready in ${Date.now() - t0} ms${values.cold ? ' (no warm-up)' : ''}`,
  )
  let during: string[] = []
  try {
    const result = await run(cluster)
    during = cluster.errorLines()
    return result
  } finally {
    await cluster.stop()
    const all = cluster.errorLines()
    const atStop = all.slice(during.length)
    // Error lines while serving fail the bench; those written while stopping (a request whose client had gone, still
    // running when the pool closed) are shown apart.
    if (during.length > 0) failed = true
    if (cpuProfileDir) for (const line of summarizeCpuProfiles(cpuProfileDir)) log(line)
    for (const [label, lines] of [
      ['server error lines while serving', during],
      ['server error lines while stopping', atStop],
    ] as const) {
      if (lines.length === 0) continue
      log(`${label}: ${lines.length}`)
      for (const line of lines.slice(0, 10)) log(`  ${line.slice(0, 600)}`)
    }
  }
}

async function signIn(port: number): Promise<LoadUser[]> {
  const t0 = Date.now()
  const users = await signInUsers(port, active, size.users)
  log(`${users.length} users signed in (POST /auth/telegram/authorize) in ${Date.now() - t0} ms`)
  return users
}

const started = Date.now()
log(
  `load bench: ${size.users.toLocaleString('en')} users, ${size.accounts.toLocaleString('en')} accounts; ${load()}`,
)
const database =
  values.database === undefined ? await createLoadDatabase(pgUrl, size) : existingDatabase(values.database)
const { seed } = database
if (seed)
  log(
    `seeded in ${(seed.ms / 1000).toFixed(1)} s: ${seed.users.toLocaleString('en')} users, ${seed.accounts.toLocaleString('en')} accounts, ${seed.invoices.toLocaleString('en')} invoices, ${seed.transactions.toLocaleString('en')} payouts, ${seed.referralEarnings.toLocaleString('en')} referral earnings`,
  )
else log(`on the seeded database ${database.url}`)

if (!values['ratio-only']) {
  log('\nEXPLAIN ANALYZE (execution time, plan top):')
  for (const line of await explainQueries(database.url)) log(`  ${line}`)
}

/** A database seeded by an earlier run (`--keep`): kept at the end too. */
function existingDatabase(url: string): { url: string; seed: undefined; dispose(): Promise<void> } {
  return { url, seed: undefined, dispose: async () => undefined }
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

type Saturated = RunFigures & { cpu: { nodeMs: number; postgresMs: number } | undefined }

/** One route alone as fast as answers come, with the servers' CPU per answer (Node and PostgreSQL). */
async function saturated(
  cluster: Cluster,
  route: 'dashboard' | 'bare',
  users: LoadUser[],
): Promise<Saturated> {
  const before = await sampleCpu(cluster, database.url)
  const run = await runSaturated({ ports: cluster.ports, route, users, seconds: number('ratio-seconds') })
  const spent = cpuBetween(before, await sampleCpu(cluster, database.url))
  const cpu = spent && { nodeMs: spent.nodeMs / run.requests, postgresMs: spent.postgresMs / run.requests }
  for (const line of formatRun(run)) log(line)
  if (cpu)
    log(`  CPU per answer: Node ${cpu.nodeMs.toFixed(3)} ms, PostgreSQL ${cpu.postgresMs.toFixed(3)} ms`)
  return { ...run, cpu }
}

/**
 * GET /dashboard, then the bare route, each alone as fast as answers come, `--ratio-rounds` times in turn: single
 * windows swing on a shared machine, so the median of the rounds' ratios counts. The CPU per answer (Node and
 * PostgreSQL, from /proc) gives a second ratio, of the bare route's CPU to the dashboard's: the share of the bare
 * route's rate the dashboard would reach where CPU is what runs out, less moved by other work on the machine.
 */
async function ratioRounds(cluster: Cluster, users: LoadUser[]) {
  const rounds: { dashboard: Saturated; bare: Saturated; ratio: number }[] = []
  for (let round = 1; round <= number('ratio-rounds'); round += 1) {
    log()
    const dashboard = await saturated(cluster, 'dashboard', users)
    const bare = await saturated(cluster, 'bare', users)
    const ratio = dashboard.reqPerSec / bare.reqPerSec
    rounds.push({ dashboard, bare, ratio })
    log(
      `round ${round}: GET /dashboard / bare route: ${dashboard.reqPerSec.toFixed(0)} / ${bare.reqPerSec.toFixed(0)} req/s = ${(ratio * 100).toFixed(0)}%; ${load()}`,
    )
  }
  const ratio = median(rounds.map((r) => r.ratio))
  log(
    `\nGET /dashboard / bare route, median of ${rounds.length} rounds: ${median(rounds.map((r) => r.dashboard.reqPerSec)).toFixed(0)} / ${median(rounds.map((r) => r.bare.reqPerSec)).toFixed(0)} req/s, ratio ${(ratio * 100).toFixed(0)}% (rounds ${rounds.map((r) => `${(r.ratio * 100).toFixed(0)}%`).join(', ')}; goal 50% or more)`,
  )
  const cpuOf = (run: Saturated) => (run.cpu ? run.cpu.nodeMs + run.cpu.postgresMs : Number.NaN)
  if (rounds.every((r) => r.dashboard.cpu && r.bare.cpu)) {
    const part = (pick: (run: Saturated) => number) => ({
      dashboard: median(rounds.map((r) => pick(r.dashboard))),
      bare: median(rounds.map((r) => pick(r.bare))),
    })
    const node = part((run) => run.cpu?.nodeMs ?? Number.NaN)
    const postgres = part((run) => run.cpu?.postgresMs ?? Number.NaN)
    const all = part(cpuOf)
    log(
      `CPU per answer, median: GET /dashboard Node ${node.dashboard.toFixed(3)} + PostgreSQL ${postgres.dashboard.toFixed(3)} ms, bare route Node ${node.bare.toFixed(3)} + PostgreSQL ${postgres.bare.toFixed(3)} ms: CPU ratio ${((all.bare / all.dashboard) * 100).toFixed(0)}%`,
    )
  }
  return { ratio, runs: rounds.flatMap((r) => [r.dashboard, r.bare]) }
}

/**
 * Runs `run` beside a CPU-bound neighbour: one process spinning on one core (what another service on the same
 * machine does to the servers' tail), stopped after.
 */
async function besideNeighbour<T>(run: () => Promise<T>): Promise<T> {
  const neighbour = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
  try {
    return await run()
  } finally {
    neighbour.kill('SIGKILL')
  }
}

/** One step of the search: the mix at `rate` for `--step-seconds` on one process, printed. */
async function step(port: number, users: LoadUser[], rate: number, label: string): Promise<RunFigures> {
  const run = await runMix({
    ports: [port],
    users,
    rate,
    seconds: number('step-seconds'),
    label: `1 process, ${label}`,
  })
  log(
    `${label} ${rate} req/s: achieved ${run.reqPerSec.toFixed(1)} req/s, p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, errors ${run.errors}; ${load()}`,
  )
  return run
}

/**
 * Whether p99 at `rate` is over the threshold. Over once is checked with a second run: a single 10 s window holds
 * about 200 answers at 20 req/s, so p99 is its second slowest answer, and one pause of the machine puts it over.
 */
async function over(port: number, users: LoadUser[], rate: number, label: string): Promise<boolean> {
  const run = await step(port, users, rate, label)
  if (run.p99 <= threshold) return false
  const again = await step(port, users, rate, `${label}, again`)
  if (again.p99 <= threshold) return false
  for (const line of formatRun(again)) log(line)
  return true
}

/**
 * R on one process: steps times `--factor` until p99 passes the threshold (twice in a row), then `--bisect-steps`
 * halvings of the interval between the last step under it and that step. R is the lowest rate found over it.
 */
async function searchRate(
  port: number,
  users: LoadUser[],
): Promise<{ rate: number; passed: number | undefined }> {
  const factor = number('factor')
  let passed: number | undefined
  let failedAt: number | undefined
  for (let rate = number('start-rate'); rate <= number('max-rate'); rate = Math.round(rate * factor)) {
    if (await over(port, users, rate, 'step')) {
      failedAt = rate
      break
    }
    passed = rate
  }
  if (failedAt === undefined) {
    log(`p99 stayed under ${threshold} ms up to --max-rate; using it`)
    return { rate: number('max-rate'), passed }
  }
  // The first step was over already: steps down until one is under, so that there is an interval to bisect.
  for (let rate = Math.floor(failedAt / factor); passed === undefined && rate >= 1; ) {
    if (await over(port, users, rate, 'step down')) failedAt = rate
    else passed = rate
    rate = rate > 1 ? Math.max(1, Math.floor(rate / factor)) : 0
  }
  for (let i = 0; i < number('bisect-steps') && passed !== undefined && failedAt - passed > 1; i += 1) {
    const rate = Math.round((passed + failedAt) / 2)
    if (await over(port, users, rate, 'bisect')) failedAt = rate
    else passed = rate
  }
  return { rate: failedAt, passed }
}

try {
  if (values['ratio-only']) {
    // Housekeeping off, as for the step search below.
    await withCluster(
      2,
      database.url,
      async (cluster) => {
        await openForBusiness(cluster.port)
        const { runs } = await ratioRounds(cluster, await signIn(cluster.port))
        if (runs.some((run) => run.errors > 0)) failed = true
      },
      0,
    )
  } else {
    // 1. One process: where p99 first passes the threshold.
    let found = values.rate === undefined ? undefined : number('rate')
    if (found === undefined) {
      // Housekeeping off here: a round claimed by this process (its lease lasts 90% of the interval, 9 minutes by
      // default) would leave the two processes' rounds below nothing to do.
      const search = await withCluster(
        1,
        database.url,
        async (cluster) => {
          await openForBusiness(cluster.port)
          const users = await signIn(cluster.port)
          await runMix({
            ports: cluster.ports,
            users,
            rate: number('start-rate'),
            seconds: 3,
            label: 'warm-up',
          })
          return searchRate(cluster.port, users)
        },
        0,
      )
      found = search.rate
      log(
        `\nR = ${found} req/s: the lowest rate whose p99 passed ${threshold} ms on one process${search.passed === undefined ? '' : ` (${search.passed} req/s stayed under it)`}`,
      )
    }

    // 2 and 3. Two processes: the mix at 2R, then the ratio; housekeeping every few seconds, aged rows to prune.
    const target = 2 * found
    const agedCount = size.users
    await withClient(database.url, (client) => seedAgedRows(client, agedCount))
    // As a deployment whose data was loaded before its traffic: the seed's writes flushed first. Else the checkpoint
    // the seed's WAL started spreads them over the next minutes with the mix inside it (docs/measurements/load.md).
    const flushStarted = Date.now()
    await withClient(database.url, (client) => client.query('checkpoint'))
    log(`seed flushed to disk (checkpoint) in ${Date.now() - flushStarted} ms`)
    const agedBefore = await withClient(database.url, agedRowCounts)
    // Before the servers start: their first housekeeping round comes one interval after.
    const before = await tableSizes(database.url, redisUrl)
    await withCluster(
      2,
      database.url,
      async (cluster) => {
        await openForBusiness(cluster.port)
        const users = await signIn(cluster.port)
        const warmUp = Number(values['warm-up-seconds'])
        if (warmUp > 0) {
          const run = await runMix({
            ports: cluster.ports,
            users,
            rate: target,
            seconds: warmUp,
            label: 'warm-up',
          })
          log(`warm-up: ${warmUp} s at ${target} req/s, p99 ${run.p99.toFixed(1)} ms (not counted)`)
        }
        await cluster.processStats() // from here
        const mix = await runMix({
          ports: cluster.ports,
          users,
          rate: target,
          seconds: number('seconds'),
          label: `2 processes, mix at 2R`,
        })
        log()
        for (const line of formatRun(mix)) log(line)
        for (const line of formatProcessStats(await cluster.processStats())) log(line)
        const neighbourSeconds = Number(values['neighbour-seconds'])
        const shared =
          neighbourSeconds > 0
            ? await besideNeighbour(() =>
                runMix({
                  ports: cluster.ports,
                  users,
                  rate: target,
                  seconds: neighbourSeconds,
                  label: '2 processes, mix at 2R beside a CPU-bound neighbour',
                }),
              )
            : undefined
        if (shared) {
          log()
          for (const line of formatRun(shared)) log(line)
          for (const line of formatProcessStats(await cluster.processStats())) log(line)
          log(`p99 by route, alone -> beside the neighbour:`)
          for (const [route, alone] of mix.perRoute) {
            const beside = shared.perRoute.get(route)
            log(
              `  ${route.padEnd(38)} ${alone.p99.toFixed(1).padStart(7)} -> ${(beside?.p99 ?? Number.NaN).toFixed(1).padStart(7)} ms`,
            )
          }
        }
        const { ratio, runs } = await ratioRounds(cluster, users)
        const after = await tableSizes(database.url, redisUrl)
        const agedAfter = await withClient(database.url, agedRowCounts)
        log()
        printSizes('before the 2-process run (aged rows seeded)', before)
        printSizes('after it', after)
        log(
          `\nhousekeeping every ${number('housekeeping-ms')} ms; rows seeded past their retention (aged) and within it (fresh), before the 2-process run -> after it:`,
        )
        let housekeepingFailed = false
        for (const [table, was] of Object.entries(agedBefore)) {
          const now = agedAfter[table] ?? { aged: Number.NaN, fresh: Number.NaN }
          if (now.aged !== 0 || now.fresh !== was.fresh) housekeepingFailed = true
          log(
            `  ${table.padEnd(20)} aged ${was.aged.toLocaleString('en')} -> ${now.aged.toLocaleString('en')}, fresh ${was.fresh.toLocaleString('en')} -> ${now.fresh.toLocaleString('en')}`,
          )
        }
        if (housekeepingFailed) {
          log('housekeeping: aged rows left or fresh rows gone')
          failed = true
        }
        const problems = await ledgerProblems(cluster.port)
        log(`ledger check: ${problems.length === 0 ? 'clean' : `${problems.length} problems`}`)
        for (const problem of problems.slice(0, 10)) log(`  ${problem}`)
        const errors = [mix, ...(shared ? [shared] : []), ...runs].reduce((n, run) => n + run.errors, 0)
        log(
          `\nsummary: R ${found} req/s on 1 process; 2 processes at ${target} req/s for ${mix.seconds} s: ${mix.reqPerSec.toFixed(1)} req/s, p50 ${mix.p50.toFixed(1)} ms, p99 ${mix.p99.toFixed(1)} ms, errors ${mix.errors}; dashboard ratio ${(ratio * 100).toFixed(0)}% (median); errors in all runs ${errors}; ${load()}`,
        )
        if (errors > 0 || problems.length > 0) failed = true
      },
      number('housekeeping-ms'),
    )
  }
} finally {
  if (values.keep) log(`\nkept the database: --database ${database.url}`)
  else await database.dispose()
}
log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`)
process.exit(failed ? 1 : 0)
