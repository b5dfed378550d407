import * as z from 'zod/mini'
import { UsdtAmountSchema } from './common.ts'

export const ReferralStatsSchema = z.object({
  referralLink: z.object({ link: z.string(), code: z.string() }),
  referralCount: z.int().check(z.nonnegative()),
})
export const ReferralEarningsStatsSchema = z.object({
  totalAmount: UsdtAmountSchema,
  paidAmount: UsdtAmountSchema,
})
