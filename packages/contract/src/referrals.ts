import * as z from 'zod/mini'
import { UsdtAmountSchema } from './common.ts'

/** A referral code and the Telegram deep link that opens the mini-app with it as start parameter. */
export const ReferralLinkSchema = z.object({
  /** `https://t.me/<bot>?startapp=<code>` (or the mini-app short-name form). */
  link: z.string(),
  code: z.string(),
})
export type ReferralLink = z.infer<typeof ReferralLinkSchema>

/** GET /referrals/stats */
export const ReferralStatsSchema = z.object({
  referralLink: ReferralLinkSchema,
  /** Users who joined through any of this user's codes, revoked ones included. */
  referralCount: z.int().check(z.nonnegative()),
})
export type ReferralStats = z.infer<typeof ReferralStatsSchema>

/** POST /referral-links/refresh (the spec's Revoke): the new live link; the old code admits nobody from now on. */
export const RefreshReferralLinkResponseSchema = z.object({ referralLink: ReferralLinkSchema })

/** GET /referral-earnings/stats, USDT with 2 decimals. Available = total - paid. */
export const ReferralEarningsStatsSchema = z.object({
  totalAmount: UsdtAmountSchema,
  paidAmount: UsdtAmountSchema,
})
export type ReferralEarningsStats = z.infer<typeof ReferralEarningsStatsSchema>
