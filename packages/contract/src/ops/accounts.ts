import * as z from 'zod/mini'
import { AccountStatusSchema } from '../accounts.ts'
import { UidSchema } from '../common.ts'
import { LimitQuerySchema } from './limit.ts'
import { ReasonSchema } from './operators.ts'

/** An account as operators read it: amounts as exact USDT strings, times as ISO 8601. */
export const OpsAccountSchema = z.object({
  uid: z.string(),
  phone: z.string(),
  country: z.string(),
  status: z.string(),
  validationStatus: z.string(),
  limitStatus: z.string(),
  price: z.string(),
  net: z.string(),
  submitType: z.string(),
  validationAt: z.nullable(z.string()),
  createdAt: z.string(),
})
export const OpsAccountsSchema = z.array(OpsAccountSchema)
export const AccountUidParamsSchema = z.object({ uid: UidSchema })
/** The reason is required from named operators (the audit log keeps it), optional for the bootstrap token. */
export const SetAccountStatusBodySchema = z.strictObject({
  status: AccountStatusSchema,
  reason: z.optional(ReasonSchema),
})
export const TelegramIdParamsSchema = z.object({
  telegramId: z.coerce.number().check(z.int(), z.positive()),
})
export const AccountsQuerySchema = LimitQuerySchema
