import { z } from 'zod'
import { UsdtAmountSchema } from './common.ts'

export const ReferralStatsSchema = z.object({
  referralLink: z.object({ link: z.string(), code: z.string() }),
  referralCount: z.number().int().nonnegative(),
})
export const ReferralEarningsStatsSchema = z.object({
  totalAmount: UsdtAmountSchema,
  paidAmount: UsdtAmountSchema,
})
