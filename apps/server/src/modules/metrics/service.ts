/**
 * What the metrics read from the database (docs/operations.md): the gauges every process exposes, cached a few
 * seconds so that scrapes of many processes, or many scrapes, cost one bounded read each interval; and the ledger
 * check, run by one process a round (a lease) and kept in ledger_checks for every process to expose.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '#db/client.ts'
import { claimRound } from '#db/leases.ts'
import type { DatabaseOutage } from '#db/outage.ts'
import { type BatchWorker, startSchedule } from '#lib/batch-worker.ts'
import type { MetricsConfig } from '#src/config.ts'
import { findLedgerProblems } from '../ledger/repository.ts'
import { type DatabaseGauges, readDatabaseGauges, recordLedgerCheck } from './repository.ts'

const LEDGER_CHECK_LEASE = 'ledger-check'
/** The first check this long after start (or after one interval, if shorter). */
const FIRST_CHECK_DELAY_MS = 10_000

export type MetricsServiceDeps = {
  db: Db
  now: () => Date
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  config: { metrics: MetricsConfig }
  /** The database's outage (db/outage.ts), which logs it once; absent in unit tests. */
  databaseOutage?: DatabaseOutage | undefined
}
export type MetricsService = ReturnType<typeof createMetricsService>

export function createMetricsService(deps: MetricsServiceDeps) {
  const { db, now } = deps
  const config = deps.config.metrics
  const holder = randomUUID()
  /** The last read, shared by every gauge of a scrape and by scrapes within cacheMs (wall time, not `now`). */
  let cached: { readAt: number; gauges: Promise<DatabaseGauges> } | undefined

  /** Checks the ledger now, if this process claims the round: the problems found, or undefined when another did. */
  async function checkLedger(): Promise<number | undefined> {
    const at = now()
    const round = { name: LEDGER_CHECK_LEASE, holder, now: at, intervalMs: config.ledgerCheckIntervalMs }
    if (!(await claimRound(db, round))) return undefined
    const started = performance.now()
    // Paced: at most a quarter of a core, whatever the size of the books.
    const problems = await findLedgerProblems(db, { paced: true })
    const durationMs = Math.round(performance.now() - started)
    await recordLedgerCheck(db, { checkedAt: at, problems, durationMs })
    // The problems themselves are for `npm run ops -- ledger`; the log says how many and that it ran.
    if (problems.length > 0)
      deps.log.warn({ problems: problems.length, durationMs }, 'ledger check: problems')
    else deps.log.info({ durationMs }, 'ledger check: clean')
    return problems.length
  }

  return {
    /** The database's gauges, read at most once per cacheMs (a read in flight is shared). */
    databaseGauges(): Promise<DatabaseGauges> {
      const wall = Date.now()
      if (cached === undefined || wall - cached.readAt >= config.cacheMs) {
        const gauges = readDatabaseGauges(db, now())
        cached = { readAt: wall, gauges }
        // A failed read is not kept: the next scrape tries again.
        gauges.catch(() => {
          if (cached?.gauges === gauges) cached = undefined
        })
      }
      return cached.gauges
    },
    checkLedger,
    /** Starts the ledger checks: a first one soon after start, then one every interval (one process a round). */
    startLedgerChecks(): BatchWorker {
      return startSchedule({
        intervalMs: config.ledgerCheckIntervalMs,
        firstDelayMs: FIRST_CHECK_DELAY_MS,
        run: checkLedger,
        onError: (error) => {
          // A database outage is logged once by its tracker (db/outage.ts), not once a round.
          if (!deps.databaseOutage?.absorbs(error)) deps.log.error({ err: error }, 'ledger check failed')
        },
      })
    },
  }
}
