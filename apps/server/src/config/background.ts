/**
 * Background work every process shares: account validation's loop, and housekeeping, which prunes rows that no
 * longer matter, one process a round (docs/resilience.md, 'Housekeeping').
 */
import * as z from 'zod/mini'
import { wholeNumber } from './env.ts'
import type { LimitsPart, SignInLimits } from './limits.ts'
import type { EmailAuthConfig } from './mail.ts'

export const BackgroundEnv = z.object({
  /** How often each process looks for due account validations; 0 turns the loop off. */
  VALIDATION_POLL_MS: wholeNumber(5000, z.gte(0)),
  VALIDATION_BATCH_SIZE: wholeNumber(50, z.positive(), z.lte(1000)),
  /** Housekeeping (docs/resilience.md): how often a round is due (0: never), and how long done rows are kept. */
  HOUSEKEEPING_INTERVAL_MS: wholeNumber(600_000, z.gte(0)),
  HOUSEKEEPING_RETENTION_HOURS: wholeNumber(168, z.gte(0)),
  HOUSEKEEPING_DEAD_RETENTION_HOURS: wholeNumber(720, z.gte(0)),
})

export type HousekeepingConfig = {
  /** How often a round is due; 0 turns the schedule off. */
  intervalMs: number
  /** The first round, this long after start (or after one interval, if shorter). */
  firstRoundDelayMs: number
  /** How long delivered mail and messages, spent tokens, ended sessions, codes and flows are kept. */
  retentionSeconds: number
  /** How long outbox rows that gave up (failed) are kept. */
  deadRetentionSeconds: number
  /** The longest window of the database's rate-limit counters: a counter whose window began before is spent. */
  counterWindowSeconds: number
  batchSize: number
  /** Batches per job in one round, so that one round stays bounded; what is left goes next round. */
  maxBatchesPerJob: number
}

export type BackgroundPart = {
  validation: { pollMs: number; batchSize: number }
  /** Pruning of rows that no longer matter, one process a round (docs/resilience.md, 'Housekeeping'). */
  housekeeping: HousekeepingConfig
}

/** What keeps rate-limit counters in the database: login codes, email sign-in, the console's sign-in. */
type Counted = Pick<LimitsPart, 'codeSendLimits'> & {
  emailAuth: EmailAuthConfig
  operatorLoginFailures: SignInLimits
}

/** The longest window of the counters: a counter is pruned once it is past it. */
const longestCounterWindow = ({ codeSendLimits, emailAuth, operatorLoginFailures }: Counted) =>
  Math.max(
    codeSendLimits.windowSeconds,
    emailAuth.codesPerEmail.windowSeconds,
    emailAuth.codeTriesPerEmail.windowSeconds,
    emailAuth.loginFailures.perAddress.windowSeconds,
    emailAuth.loginFailures.perSignIn.windowSeconds,
    operatorLoginFailures.perAddress.windowSeconds,
    operatorLoginFailures.perSignIn.windowSeconds,
    emailAuth.codesPerAddress.windowSeconds,
  )

export function backgroundPart(e: z.infer<typeof BackgroundEnv>, counted: Counted): BackgroundPart {
  return {
    validation: { pollMs: e.VALIDATION_POLL_MS, batchSize: e.VALIDATION_BATCH_SIZE },
    housekeeping: {
      intervalMs: e.HOUSEKEEPING_INTERVAL_MS,
      firstRoundDelayMs: 30_000,
      retentionSeconds: e.HOUSEKEEPING_RETENTION_HOURS * 3600,
      deadRetentionSeconds: e.HOUSEKEEPING_DEAD_RETENTION_HOURS * 3600,
      counterWindowSeconds: longestCounterWindow(counted),
      // Short statements, paced (modules/housekeeping/service.ts): up to a million rows a job a round.
      batchSize: 1000,
      maxBatchesPerJob: 1000,
    },
  }
}
