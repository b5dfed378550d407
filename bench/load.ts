/**
 * `npm run bench:load -- [--pg URL] [--redis URL] [--users N] [--accounts N] [--active N] [--seconds S]
 *   [--step-seconds S] [--start-rate R] [--factor F] [--rate R] [--ratio-seconds S]`
 *
 * The load bench (docs/resilience.md, 'Load'), on top of apps/server/test/load/: a fresh PostgreSQL database next
 * to `--pg`'s (default TEST_DATABASE_URL) seeded with 10,000 users and 1,000,000 accounts (invoices, payouts,
 * referral earnings), Redis for the rate limits (`--redis`, default REDIS_URL or redis://127.0.0.1:6379).
 *  1. One server process: the users' mix in steps of `--step-seconds` from `--start-rate` requests a second, times
 *     `--factor` each step, until p99 first passes 100 ms: that step's rate is R (`--rate R` skips the search).
 *  2. Two server processes behind one port (Node's cluster): the mix for `--seconds` (60) at 2R.
 *  3. Same processes: GET /dashboard alone, then the bare route alone, each as fast as answers come for
 *     `--ratio-seconds`: the ratio of their req/s.
 * Prints req/s, p50, p99 and errors per route, the load average, the watched tables' sizes before and after, and
 * the ledger check. Exits 1 on any error in step 2 or 3, or a ledger problem. The database is dropped at the end.
 */
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { freePort } from '../apps/server/test/helpers/spawn-server.ts'
import {
  type Cluster,
  createLoadDatabase,
  explainQueries,
  formatRun,
  type LoadUser,
  ledgerProblems,
  openForBusiness,
  type RunFigures,
  runMix,
  runSaturated,
  signInUsers,
  startCluster,
  tableSizes,
} from '../apps/server/test/load/harness.ts'

const { values } = parseArgs({
  options: {
    pg: { type: 'string' },
    redis: { type: 'string' },
    users: { type: 'string', default: '10000' },
    accounts: { type: 'string', default: '1000000' },
    active: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '60' },
    'step-seconds': { type: 'string', default: '10' },
    'start-rate': { type: 'string', default: '20' },
    factor: { type: 'string', default: '1.5' },
    'max-rate': { type: 'string', default: '5000' },
    threshold: { type: 'string', default: '100' },
    rate: { type: 'string' },
    'ratio-seconds': { type: 'string', default: '10' },
  },
})

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

async function withCluster<T>(workers: number, databaseUrl: string, run: (cluster: Cluster) => Promise<T>) {
  const t0 = Date.now()
  const cluster = await startCluster({ workers, port: await freePort(), databaseUrl, redisUrl })
  log(
    `\n${workers} server process${workers > 1 ? 'es' : ''} on port ${cluster.port}, ready in ${Date.now() - t0} ms`,
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
const database = await createLoadDatabase(pgUrl, size)
const { seed } = database
log(
  `seeded in ${(seed.ms / 1000).toFixed(1)} s: ${seed.users.toLocaleString('en')} users, ${seed.accounts.toLocaleString('en')} accounts, ${seed.invoices.toLocaleString('en')} invoices, ${seed.transactions.toLocaleString('en')} payouts, ${seed.referralEarnings.toLocaleString('en')} referral earnings`,
)

log('\nEXPLAIN ANALYZE (execution time, plan top):')
for (const line of await explainQueries(database.url)) log(`  ${line}`)

try {
  // 1. One process: where p99 first passes the threshold.
  let found = values.rate === undefined ? undefined : number('rate')
  if (found === undefined) {
    found = await withCluster(1, database.url, async (cluster) => {
      await openForBusiness(cluster.port)
      const users = await signIn(cluster.port)
      await runMix({ port: cluster.port, users, rate: number('start-rate'), seconds: 3, label: 'warm-up' })
      for (
        let rate = number('start-rate');
        rate <= number('max-rate');
        rate = Math.round(rate * number('factor'))
      ) {
        const step = await runMix({
          port: cluster.port,
          users,
          rate,
          seconds: number('step-seconds'),
          label: `1 process, step`,
        })
        log(
          `step ${rate} req/s: achieved ${step.reqPerSec.toFixed(1)} req/s, p50 ${step.p50.toFixed(1)} ms, p99 ${step.p99.toFixed(1)} ms, errors ${step.errors}; ${load()}`,
        )
        if (step.p99 > threshold) {
          for (const line of formatRun(step)) log(line)
          return rate
        }
      }
      log(`p99 stayed under ${threshold} ms up to --max-rate; using it`)
      return number('max-rate')
    })
    log(`\nR = ${found} req/s: the first step whose p99 passed ${threshold} ms on one process`)
  }

  // 2 and 3. Two processes: the mix at 2R, then the ratio.
  const target = 2 * found
  await withCluster(2, database.url, async (cluster) => {
    await openForBusiness(cluster.port)
    const users = await signIn(cluster.port)
    const before = await tableSizes(database.url, redisUrl)
    const mix = await runMix({
      port: cluster.port,
      users,
      rate: target,
      seconds: number('seconds'),
      label: `2 processes, mix at 2R`,
    })
    log()
    for (const line of formatRun(mix)) log(line)
    const dashboard = await runSaturated({
      port: cluster.port,
      route: 'dashboard',
      users,
      seconds: number('ratio-seconds'),
    })
    const bare = await runSaturated({
      port: cluster.port,
      route: 'bare',
      users,
      seconds: number('ratio-seconds'),
    })
    log()
    for (const line of [...formatRun(dashboard), ...formatRun(bare)]) log(line)
    const ratio = dashboard.reqPerSec / bare.reqPerSec
    log(
      `\nGET /dashboard / bare route: ${dashboard.reqPerSec.toFixed(0)} / ${bare.reqPerSec.toFixed(0)} req/s = ${(ratio * 100).toFixed(0)}% (goal 50% or more)`,
    )
    const after = await tableSizes(database.url, redisUrl)
    log()
    printSizes('before the 2-process run', before)
    printSizes('after it', after)
    const problems = await ledgerProblems(cluster.port)
    log(`ledger check: ${problems.length === 0 ? 'clean' : `${problems.length} problems`}`)
    for (const problem of problems.slice(0, 10)) log(`  ${problem}`)
    const runs: RunFigures[] = [mix, dashboard, bare]
    const errors = runs.reduce((n, run) => n + run.errors, 0)
    log(
      `\nsummary: R ${found} req/s on 1 process; 2 processes at ${target} req/s for ${mix.seconds} s: ${mix.reqPerSec.toFixed(1)} req/s, p50 ${mix.p50.toFixed(1)} ms, p99 ${mix.p99.toFixed(1)} ms, errors ${mix.errors}; dashboard ratio ${(ratio * 100).toFixed(0)}%; errors in all runs ${errors}; ${load()}`,
    )
    if (errors > 0 || problems.length > 0) failed = true
  })
} finally {
  await database.dispose()
}
log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`)
process.exit(failed ? 1 : 0)
