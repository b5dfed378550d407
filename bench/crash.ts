/**
 * `npm run bench:crash -- [--kills N] [--users N] [--pg URL] [--no-pglite]`
 *
 * The crash bench (docs/resilience.md, 'Crash'), on top of apps/server/test/money/crash-harness.ts: N SIGKILLs
 * (default 20) of the real server process in the middle of mixed money traffic, a restart after each and a replay,
 * on PGlite (a fresh data folder) and on PostgreSQL (`--pg` or TEST_DATABASE_URL: a fresh database next to it,
 * dropped afterwards). Prints each kill and, per database, the writes acknowledged and lost, the ledger check and
 * the restart time (min/median/max). Exits 1 when a write is lost, the ledger has a problem or the books do not
 * end paid.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createPostgres } from '../apps/server/test/helpers/database.ts'
import type { SpawnedServer } from '../apps/server/test/helpers/spawn-server.ts'
import { crashServerEnv } from '../apps/server/test/money/crash-env.ts'
import { type CrashReport, formatReport, runCrashSuite } from '../apps/server/test/money/crash-harness.ts'

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '20' },
    users: { type: 'string', default: '8' },
    pg: { type: 'string' },
    'no-pglite': { type: 'boolean', default: false },
  },
})
const kills = Number(values.kills)
const users = Number(values.users)
if (!Number.isInteger(kills) || kills < 1 || !Number.isInteger(users) || users < 1) {
  throw new Error('--kills and --users take positive integers')
}
const pgUrl = values.pg ?? (process.env.TEST_DATABASE_URL || undefined)

const servers: SpawnedServer[] = []
const adopt = (server: SpawnedServer) => void servers.push(server)
const killAll = async () => {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL')
  }
  await Promise.all(servers.map((server) => server.exited))
}
const log = (line: string) => console.log(line)

const reports: CrashReport[] = []
const run = async (label: string, env: Record<string, string>) => {
  try {
    reports.push(await runCrashSuite({ label, env, kills, users, adopt, log }))
  } finally {
    await killAll()
  }
}

if (!values['no-pglite']) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-crash-'))
  try {
    await run('pglite', crashServerEnv(dataDir))
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
if (pgUrl) {
  const database = await createPostgres(pgUrl)
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-crash-'))
  try {
    await database.database.close()
    await run('postgres', { ...crashServerEnv(dataDir), DATABASE_URL: database.url as string })
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    await database.dispose()
  }
} else log('PostgreSQL skipped: pass --pg URL or set TEST_DATABASE_URL')

let failed = false
console.log('')
for (const report of reports) {
  console.log(formatReport(report))
  for (const line of [...report.lost, ...report.ledgerProblems, ...report.endProblems].slice(0, 20)) {
    console.log(`  FAIL ${line}`)
  }
  if (report.lost.length + report.ledgerProblems.length + report.endProblems.length > 0) failed = true
}
process.exit(failed ? 1 : 0)
