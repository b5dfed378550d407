/**
 * The validation engine. Submitted accounts wait as `pending` until `validationAt`; any server
 * process may claim due ones (never twice, see the repository), ask the provider, and record the
 * outcome: accepted (success), rejected (failed), or review (multiple sessions: tried again in 24 h).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '#db/client.ts'
import type { DatabaseOutage } from '#db/outage.ts'
import type { AccountProvider, ValidationOutcome } from '#providers/account-provider.ts'
import { queueAccountMessage, transactionThenWake } from '../bot-outbox/queue.ts'
import { accrueReferralEarning } from '../referrals/earnings-repository.ts'
import { readSettings } from '../settings/repository.ts'
import { validationReason } from './failure-reason.ts'
import {
  type ClaimedAccount,
  claimDueAccounts,
  recordValidation,
  releaseClaim,
  type ValidationResult,
} from './repository.ts'

const REVIEW_DELAY_SECONDS = 24 * 60 * 60
/** Longer than any provider check should take; a process that dies mid-batch frees its rows after this. */
const CLAIM_LEASE_SECONDS = 5 * 60
const RETRY_AFTER_FAILURE_SECONDS = 5 * 60
/**
 * Accounts of a batch validated at once, each in its own transaction: at most this many of the pool's connections
 * (10 a process) go to the loop. All 50 of a batch at once queued some 50 transactions ahead of the requests' queries
 * every poll, and the requests' p99 was the wait (docs/resilience.md, 'Load').
 */
export const VALIDATION_CONCURRENCY = 2

/** `run` over `items`, at most `concurrency` at a time; the results in the items' order. */
async function inTurns<T, R>(items: T[], concurrency: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) results[i] = await run(items[i] as T)
    }),
  )
  return results
}

/** price less discount % (integer arithmetic, rounded down), only when permanently limited. */
export function netAmount(
  price: bigint,
  outcome: Pick<ValidationOutcome, 'limitStatus' | 'limitDiscount'>,
): bigint {
  if (outcome.limitStatus !== 'permanent_limited') return price
  const discount = BigInt(Math.min(100, Math.max(0, Math.trunc(outcome.limitDiscount))))
  return (price * (100n - discount)) / 100n
}

function resultOf(claim: ClaimedAccount, outcome: ValidationOutcome, now: Date): ValidationResult {
  const permanent = outcome.limitStatus === 'permanent_limited'
  const base = {
    validationStatus: outcome.validationStatus,
    checks: outcome.checks,
    checkLimitStatus: outcome.checkLimitStatus,
    limitStatus: outcome.limitStatus,
    limitDiscount: permanent ? outcome.limitDiscount : 0,
    net: netAmount(claim.price, outcome),
  }
  switch (outcome.validationStatus) {
    case 'success':
      return { ...base, status: 'accepted', validationAt: now }
    case 'failed':
      return { ...base, status: 'rejected', validationAt: now }
    case 'review':
      return {
        ...base,
        status: 'pending',
        validationAt: new Date(now.getTime() + REVIEW_DELAY_SECONDS * 1000),
      }
  }
}

export type ValidationServiceDeps = {
  db: Db
  accountProvider: AccountProvider
  now: () => Date
  log?: Pick<FastifyBaseLogger, 'warn' | 'debug'> | undefined
  /** The database's outage (db/outage.ts): an unreachable database is logged once there, not on every tick. */
  databaseOutage?: Pick<DatabaseOutage, 'absorbs'> | undefined
  /** Wakes the bot's outbox worker once a change that queued a message committed (services.ts). */
  messageQueued?: (() => void) | undefined
}
export function createValidationService({
  db,
  accountProvider,
  now,
  log,
  messageQueued,
  databaseOutage,
}: ValidationServiceDeps) {
  /** Claims and validates up to `limit` due accounts; answers how many outcomes were recorded. */
  async function runDue(limit: number): Promise<number> {
    const startedAt = now()
    const claimed = await claimDueAccounts(db, startedAt, limit, CLAIM_LEASE_SECONDS)
    const recorded = await inTurns(claimed, VALIDATION_CONCURRENCY, async (claim) => {
      let outcome: ValidationOutcome
      try {
        outcome = await accountProvider.validate({
          phone: claim.phone,
          submitType: claim.submitType,
          attempt: claim.validationAttempts,
        })
      } catch (error) {
        log?.warn({ err: error, accountId: claim.id }, 'account validation failed; will retry')
        await releaseClaim(db, claim, new Date(startedAt.getTime() + RETRY_AFTER_FAILURE_SECONDS * 1000))
        return false
      }
      const result = resultOf(claim, outcome, startedAt)
      // The acceptance and the referrer's earning commit together (docs/referrals.md).
      const recorded = await transactionThenWake(db, messageQueued, async (tx) => {
        const done = await recordValidation(tx, claim, result)
        if (done && result.status === 'accepted') {
          await accrueReferralEarning(tx, claim.id, (await readSettings(tx)).referral_share_percent)
        }
        // The owner hears of it through the bot's outbox, in the same transaction (docs/bot.md).
        if (done && result.status !== 'pending') {
          await queueAccountMessage(tx, {
            accountId: claim.id,
            kind: result.status === 'accepted' ? 'account_accepted' : 'account_validation_failed',
            reason: validationReason(outcome.checks),
            now: startedAt,
          })
        }
        return done
      })
      // One line per recorded outcome: operators can follow validations, and tests count them per process.
      if (recorded)
        log?.debug({ accountId: claim.id, validationStatus: outcome.validationStatus }, 'account validated')
      return recorded
    })
    return recorded.filter(Boolean).length
  }

  return {
    runDue,

    /** The in-process loop: every `pollMs`, one batch (never two at once in one process). */
    start(options: { pollMs: number; batchSize: number }) {
      let running = false
      const timer = setInterval(() => {
        if (running) return
        running = true
        runDue(options.batchSize)
          .catch((error: unknown) => {
            if (!databaseOutage?.absorbs(error)) log?.warn({ err: error }, 'validation loop error')
          })
          .finally(() => {
            running = false
          })
      }, options.pollMs)
      timer.unref()
      return {
        async stop() {
          clearInterval(timer)
          // Let a batch in flight finish before the database closes.
          while (running) await new Promise((resolve) => setTimeout(resolve, 20))
        },
      }
    },
  }
}
