/**
 * The load bench's slice in `npm test` (the bench: `npm run bench:load`; docs/resilience.md, 'Load'): on a small
 * seed, two server processes behind one port (cluster.ts) on PostgreSQL, Redis for the limits when TEST_REDIS_URL
 * is set, real users signed in, the users' mix for a few seconds at a modest rate, then GET /dashboard and the bare
 * route alone: every answer 2xx, every route of the mix reached, the ledger clean; housekeeping every second meanwhile
 * prunes the aged rows seeded before and keeps the fresh ones. PostgreSQL only (PGlite is one process's database).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DATABASE_URL } from '../helpers/database.ts'
import { summarizeCpuProfiles } from './cpu-profile.ts'
import {
  type Cluster,
  createLoadDatabase,
  formatRun,
  type LoadDatabase,
  ledgerProblems,
  openForBusiness,
  runMix,
  runSaturated,
  signInUsers,
  startCluster,
  tableSizes,
  withClient,
} from './harness.ts'
import { agedRowCounts, seedAgedRows } from './seed.ts'

const REDIS_URL = process.env.TEST_REDIS_URL || undefined
const SEED = { users: 40, accounts: 2_000 }
/** Rows of each kind housekeeping prunes, aged and fresh (seed.ts, `seedAgedRows`). */
const AGED = 25

describe.runIf(TEST_DATABASE_URL)('load slice: two processes on PostgreSQL', () => {
  let database: LoadDatabase | undefined
  let cluster: Cluster | undefined
  const profiles = mkdtempSync(join(tmpdir(), 'load-slice-profiles-'))

  beforeAll(async () => {
    database = await createLoadDatabase(TEST_DATABASE_URL as string, SEED)
    await withClient(database.url, (client) => seedAgedRows(client, AGED))
    cluster = await startCluster({
      workers: 2,
      databaseUrl: database.url,
      redisUrl: REDIS_URL,
      housekeepingIntervalMs: 1000,
      cpuProfileDir: profiles,
    })
  }, 90_000)

  afterAll(async () => {
    await cluster?.stop()
    await database?.dispose()
    rmSync(profiles, { recursive: true, force: true })
  }, 60_000)

  it('answers the mix and the ratio runs without an error, and the books stay clean', async () => {
    if (!cluster || !database) throw new Error('not started')
    expect(database.seed.accounts).toBeGreaterThanOrEqual(SEED.accounts)
    expect(database.seed.invoices).toBeGreaterThan(0)
    await openForBusiness(cluster.port)
    const users = await signInUsers(cluster.port, 20, SEED.users)
    const before = await tableSizes(database.url, REDIS_URL)

    await cluster.processStats() // from here
    // Every visit submits: at a quarter, a loaded machine's 4 s could end every connection's visits before one did.
    const mix = await runMix({ ports: cluster.ports, users, rate: 40, seconds: 4, submissionShare: 1 })
    // The connections are spread over both processes (a port each): each served at least a third of the queries.
    const queries = (await cluster.processStats()).map((stats) => stats.pool?.acquisitions ?? 0)
    const total = queries.reduce((a, b) => a + b, 0)
    expect(queries).toHaveLength(2)
    for (const count of queries) expect(count, String(queries)).toBeGreaterThan(total / 3)
    const dashboard = await runSaturated({
      ports: cluster.ports,
      route: 'dashboard',
      users,
      seconds: 1.5,
      connections: 8,
    })
    const bare = await runSaturated({
      ports: cluster.ports,
      route: 'bare',
      users,
      seconds: 1.5,
      connections: 8,
    })
    console.log([...formatRun(mix), ...formatRun(dashboard), ...formatRun(bare)].join('\n'))

    for (const run of [mix, dashboard, bare]) {
      expect(run.samples, run.label).toEqual([])
      expect(run.errors, run.label).toBe(0)
      expect(run.requests, run.label).toBeGreaterThan(0)
      // Slow seconds: never more slow answers than answers, and each one's slowest over 100 ms.
      const slowAnswers = run.slowSeconds.reduce((n, second) => n + second.slow, 0)
      const answers = [...run.perRoute.values()].reduce((n, route) => n + route.requests, 0)
      expect(slowAnswers, run.label).toBeLessThanOrEqual(answers)
      for (const second of run.slowSeconds) expect(second.maxMs, run.label).toBeGreaterThan(100)
    }
    // The mix reached the users' reads and whole submissions in 4 s at 40 req/s.
    for (const route of [
      'GET /dashboard',
      'GET /accounts',
      'GET /accounts?search',
      'GET /accounts/:uid',
      'GET /invoices',
    ]) {
      expect(mix.perRoute.get(route)?.requests ?? 0, route).toBeGreaterThan(0)
    }
    expect(mix.perRoute.get('POST /telegram/submit-account')?.requests ?? 0).toBeGreaterThan(0)
    expect(mix.reqPerSec).toBeGreaterThan(5)

    const after = await tableSizes(database.url, REDIS_URL)
    expect(after.accounts).toBeGreaterThan(before.accounts as number)
    // Housekeeping ran its rounds under the load (every second here): what was past its retention went, the rest
    // stayed.
    expect(await withClient(database.url, agedRowCounts)).toEqual({
      refresh_tokens: { aged: 0, fresh: AGED },
      rate_limit_counters: { aged: 0, fresh: AGED },
      email_outbox: { aged: 0, fresh: AGED },
      bot_outbox: { aged: 0, fresh: AGED },
      idempotency_keys: { aged: 0, fresh: AGED },
    })
    expect(await ledgerProblems(cluster.port)).toEqual([])
    expect(cluster.errorLines()).toEqual([])

    // The bench's --cpu-profile: each process wrote its profile when it stopped, the summary names what ran.
    await cluster.stop()
    const summary = summarizeCpuProfiles(profiles)
    console.log(summary.join('\n'))
    expect(summary[0]).toMatch(/^CPU profiles: 3 processes .* busy [1-9]/) // the primary and two workers
    expect(summary).toContainEqual(expect.stringMatching(/^ +[\d.]+ % {2}fastify$/))
    expect(summary).toContainEqual(expect.stringMatching(/^ +[\d.]+ % {2}apps\/server$/))
  }, 60_000)
})
