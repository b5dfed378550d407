/** Request limits per client, login codes per phone and user, and the shape of every sign-in's failure limits. */
import * as z from 'zod/mini'
import { optionalWholeNumber, wholeNumber } from './env.ts'

/**
 * Login codes per hour. The demo (simulator on) walks every row of the sandbox table, a code or two each,
 * often more than once: 20 per user ran out within ten minutes, so the demo allows ten times as many.
 */
const CODE_SEND_LIMITS = { live: { perPhone: 5, perUser: 20 }, demo: { perPhone: 50, perUser: 200 } }

export const LimitsEnv = z.object({
  RATE_LIMIT_MAX: wholeNumber(300, z.positive()),
  AUTH_RATE_LIMIT_MAX: wholeNumber(30, z.positive()),
  /** Login codes sent (first send and resends) per phone number, and per user, in one hour. */
  CODE_SEND_LIMIT_PER_PHONE: optionalWholeNumber(z.positive()),
  CODE_SEND_LIMIT_PER_USER: optionalWholeNumber(z.positive()),
})

export type LimitsPart = {
  rateLimit: { max: number; authMax: number; timeWindowMs: number }
  codeSendLimits: { perPhone: number; perUser: number; windowSeconds: number }
}

/**
 * Failures a sign-in allows per address, and over every address, each per window (modules/sign-in-guard): the
 * first stops one address, the second stops addresses the sign-in never succeeded from (for the console's, only
 * failures with the right password count there).
 */
export type SignInLimits = {
  perAddress: { max: number; windowSeconds: number }
  perSignIn: { max: number; windowSeconds: number }
}

export function limitsPart(e: z.infer<typeof LimitsEnv>, simulator: boolean): LimitsPart {
  const sendLimitDefaults = simulator ? CODE_SEND_LIMITS.demo : CODE_SEND_LIMITS.live
  return {
    rateLimit: { max: e.RATE_LIMIT_MAX, authMax: e.AUTH_RATE_LIMIT_MAX, timeWindowMs: 60_000 },
    codeSendLimits: {
      perPhone: e.CODE_SEND_LIMIT_PER_PHONE ?? sendLimitDefaults.perPhone,
      perUser: e.CODE_SEND_LIMIT_PER_USER ?? sendLimitDefaults.perUser,
      windowSeconds: 3600,
    },
  }
}
