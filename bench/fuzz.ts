/**
 * `npm run fuzz -- [--requests N] [--seed S] [--pg URL] [--http-every N]`: the schema-driven fuzzer
 * (docs/resilience.md) against the real app, N requests (default 10,000) with a fixed seed and again with a
 * random one (printed; `--seed S` runs that seed alone), on PGlite and, with `--pg` or TEST_DATABASE_URL, on
 * PostgreSQL (a fresh database next to the URL's, dropped afterwards). Prints requests per route, status counts,
 * 5xx, schema mismatches and duration; exits 1 on any failure.
 */
import { randomInt } from 'node:crypto'
import { parseArgs } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { type Database, pgliteExtensions, wrapPglite } from '../apps/server/src/db/client.ts'
import { migrateDatabase } from '../apps/server/src/db/migrate.ts'
import { FIXED_SEED, type FuzzReport, failureDigest, runFuzz } from '../apps/server/test/fuzz/fuzzer.ts'
import { createPostgres } from '../apps/server/test/helpers/database.ts'

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    pg: { type: 'string' },
    'http-every': { type: 'string', default: '20' },
    'no-pglite': { type: 'boolean', default: false },
    show: { type: 'string', default: '20' },
  },
})

const requests = Number(values.requests)
const httpEvery = Number(values['http-every'])
const pgUrl = values.pg ?? (process.env.TEST_DATABASE_URL || undefined)
if (!Number.isInteger(requests) || requests < 1) throw new Error('--requests takes a positive integer')
const seeds = values.seed !== undefined ? [Number(values.seed)] : [FIXED_SEED, randomInt(1, 2 ** 31 - 1)]

type Opened = { database: Database; dispose(): Promise<void> }

async function openDatabase(kind: 'pglite' | 'postgres'): Promise<Opened> {
  if (kind === 'postgres') {
    if (!pgUrl) throw new Error('no PostgreSQL URL')
    return createPostgres(pgUrl)
  }
  const database = wrapPglite(await PGlite.create({ extensions: pgliteExtensions }))
  await migrateDatabase(database)
  return { database, dispose: () => database.close() }
}

const count = (map: Map<number, number>) =>
  [...map.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}:${n}`)
    .join(' ')

function print(report: FuzzReport): void {
  console.log(`\n--- ${report.database}, seed ${report.seed} (replay: npm run fuzz -- --seed ${report.seed})`)
  const width = Math.max(...[...report.perRoute.keys()].map((key) => key.length))
  for (const [route, figures] of [...report.perRoute.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(
      `  ${route.padEnd(width)}  ${String(figures.requests).padStart(5)}  ${count(figures.statuses)}`,
    )
  }
  console.log(
    `  routes: ${report.perRoute.size}${report.routesMissed.length > 0 ? `, missed: ${report.routesMissed.join(', ')}` : ''}`,
  )
  console.log(
    `  requests: ${report.requests} (${report.overHttp} over HTTP) in ${(report.durationMs / 1000).toFixed(1)} s, ${Math.round(report.requests / (report.durationMs / 1000))} req/s`,
  )
  console.log(`  statuses: ${count(report.statuses)}`)
  console.log(
    `  5xx: ${report.fiveXX}  schema mismatches: ${report.mismatches}  undeclared statuses: ${report.undeclared}  internal detail: ${report.leaks}  unexpected errors logged: ${report.unexpectedLogged}`,
  )
  for (const line of failureDigest(report, Number(values.show))) console.log(`  FAIL ${line}`)
}

const kinds: ('pglite' | 'postgres')[] = [
  ...(values['no-pglite'] ? [] : ['pglite' as const]),
  ...(pgUrl ? ['postgres' as const] : []),
]
const reports: FuzzReport[] = []
for (const kind of kinds) {
  for (const seed of seeds) {
    const opened = await openDatabase(kind)
    try {
      const report = await runFuzz({
        database: opened.database,
        databaseName: kind,
        requests,
        seed,
        httpEvery,
        progress: (done) => process.stderr.write(`\r${kind} seed ${seed}: ${done}/${requests}`),
      })
      process.stderr.write('\n')
      print(report)
      reports.push(report)
    } finally {
      await opened.dispose()
    }
  }
}

console.log('\n=== fuzz summary')
for (const r of reports) {
  const failures = r.fiveXX + r.mismatches + r.undeclared + r.leaks + r.unexpectedLogged
  console.log(
    `  ${r.database.padEnd(8)} seed ${String(r.seed).padStart(10)}: ${r.requests} requests, ${r.perRoute.size} routes, 5xx ${r.fiveXX}, mismatches ${r.mismatches + r.undeclared}, leaks ${r.leaks}, logged ${r.unexpectedLogged}, ${(r.durationMs / 1000).toFixed(1)} s -> ${failures === 0 ? 'ok' : 'FAILED'}`,
  )
}
const failedAny = reports.some((r) => r.failures.length > 0)
process.exit(failedAny ? 1 : 0)
