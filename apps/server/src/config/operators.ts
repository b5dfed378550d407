/** Named operators (docs/console.md): the bootstrap token, four eyes, API tokens' life, the console's sign-in. */
import * as z from 'zod/mini'
import { optionalSecret, wholeNumber } from './env.ts'
import type { SignInLimits } from './limits.ts'

export const OperatorsEnv = z.object({
  OPS_TOKEN: optionalSecret(16),
  /** How long a weaker four-eyes rule waits, and a new signer of large payouts (docs/console.md, 'Four eyes'). */
  FOUR_EYES_DELAY_SECONDS: wholeNumber(24 * 3600, z.gte(0), z.lte(30 * 24 * 3600)),
  /** Life of an operator's personal API token, in days. */
  OPS_API_TOKEN_TTL_DAYS: wholeNumber(90, z.positive(), z.lte(3650)),
})

export type OperatorsConfig = {
  /**
   * Four eyes: how long a change that weakens it (a higher `payout_approval_above`, or 0) waits before it applies,
   * and how long after joining, a new role or new credentials an operator's approvals and sends of large payouts
   * start to count.
   */
  fourEyesDelaySeconds: number
  /** How long a personal API token works after it was issued. */
  apiTokenTtlSeconds: number
}

/**
 * The console's sign-in (password and TOTP): 5 failures per address per 15 minutes, and 10 wrong codes a day with
 * the right password over all addresses (the generated password is beyond guessing; the code is not).
 */
const OPERATOR_LOGIN_FAILURES: SignInLimits = {
  perAddress: { max: 5, windowSeconds: 15 * 60 },
  perSignIn: { max: 10, windowSeconds: 24 * 3600 },
}

export type OperatorsPart = {
  opsToken: string | undefined
  /** Failures of the console's sign-in (docs/console.md). */
  operatorLoginFailures: SignInLimits
  /** Named operators (docs/console.md). */
  operators: OperatorsConfig
}

export function operatorsPart(e: z.infer<typeof OperatorsEnv>): OperatorsPart {
  return {
    opsToken: e.OPS_TOKEN,
    operatorLoginFailures: OPERATOR_LOGIN_FAILURES,
    operators: {
      fourEyesDelaySeconds: e.FOUR_EYES_DELAY_SECONDS,
      apiTokenTtlSeconds: e.OPS_API_TOKEN_TTL_DAYS * 24 * 3600,
    },
  }
}
