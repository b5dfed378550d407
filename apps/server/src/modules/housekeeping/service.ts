/**
 * Housekeeping (docs/resilience.md, 'Housekeeping'): every interval, one process on the database claims the round
 * (a row in `leases`, not a flag in memory, so it holds across processes) and prunes what no longer matters, job by
 * job, in batches. The other processes' ticks find the round claimed and do nothing.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '#db/client.ts'
import { claimRound } from '#db/leases.ts'
import type { DatabaseOutage } from '#db/outage.ts'
import { type BatchWorker, startSchedule } from '#lib/batch-worker.ts'
import { pacedStep } from '#lib/pace.ts'
import type { HousekeepingConfig } from '#src/config.ts'
import { type Cutoffs, PRUNE_JOBS } from './repository.ts'

const HOUSEKEEPING_LEASE = 'housekeeping'

/** Rows each job deleted in a round, by job name. */
export type HousekeepingReport = Record<string, number>

export type HousekeepingDeps = {
  db: Db
  now: () => Date
  log: Pick<FastifyBaseLogger, 'info' | 'error'>
  config: { housekeeping: HousekeepingConfig }
  /** The database's outage (db/outage.ts): an unreachable database is logged once there, not on every tick. */
  databaseOutage?: Pick<DatabaseOutage, 'absorbs'> | undefined
}

export function createHousekeepingService(deps: HousekeepingDeps) {
  const { db, now } = deps
  const config = deps.config.housekeeping
  /** This process's name on the lease. */
  const holder = randomUUID()

  /**
   * Prunes every job now, whether or not a round is due (tests, the claim below). `paced` (the schedule's rounds):
   * after each batch, a pause (lib/pace.ts). Back to back, a backlog's deletes held a core and the
   * disk for seconds, and requests queued behind them (docs/measurements/load.md).
   */
  async function prune(at: Date, options: { paced?: boolean } = {}): Promise<HousekeepingReport> {
    const cutoffs: Cutoffs = {
      now: at,
      retention: new Date(at.getTime() - config.retentionSeconds * 1000),
      deadRetention: new Date(at.getTime() - config.deadRetentionSeconds * 1000),
      counterWindow: new Date(at.getTime() - config.counterWindowSeconds * 1000),
    }
    const report: HousekeepingReport = {}
    for (const job of PRUNE_JOBS) {
      let gone = 0
      for (let batch = 0; batch < config.maxBatchesPerJob; batch++) {
        const deleted = await pacedStep(
          () => job.prune(db, cutoffs, config.batchSize),
          options.paced === true,
        )
        gone += deleted
        if (deleted < config.batchSize) break
      }
      report[job.name] = gone
    }
    return report
  }

  /**
   * One round, if this process claims it: the report, or undefined when another process (or an earlier tick of
   * this one) already ran the round of this interval.
   */
  async function runRound(): Promise<HousekeepingReport | undefined> {
    const at = now()
    const round = { name: HOUSEKEEPING_LEASE, holder, now: at, intervalMs: config.intervalMs }
    if (!(await claimRound(db, round))) return undefined
    const report = await prune(at, { paced: true })
    // One line a round across all processes: which process pruned, and what.
    deps.log.info({ holder, pruned: report }, 'housekeeping round')
    return report
  }

  return {
    holder,
    prune,
    runRound,
    /** Starts the schedule: a first round soon after start, then one every interval. */
    start(): BatchWorker {
      return startSchedule({
        intervalMs: config.intervalMs,
        firstDelayMs: config.firstRoundDelayMs,
        run: runRound,
        onError: (error) => {
          if (!deps.databaseOutage?.absorbs(error))
            deps.log.error({ err: error }, 'housekeeping round failed')
        },
      })
    },
  }
}
