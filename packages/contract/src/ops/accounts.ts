import * as z from 'zod/mini'
import { AccountStatusSchema, ValidationStatusSchema } from '../accounts.ts'
import { UidSchema } from '../common.ts'
import { LimitQuerySchema, LimitSchema } from './limit.ts'
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
export const AccountsQuerySchema = LimitQuerySchema

/**
 * `GET /ops/accounts`: every user's accounts, newest first, paged by cursor. `phone` is a substring of the number
 * (spaces, dashes and brackets ignored; the trigram index serves 3 digits or more), `validationStatus` the
 * validation's outcome.
 */
export const OpsAccountSearchQuerySchema = z.object({
  phone: z.optional(z.string().check(z.maxLength(32))),
  status: z.optional(AccountStatusSchema),
  validationStatus: z.optional(ValidationStatusSchema),
  cursor: z.optional(z.string().check(z.maxLength(256))),
  limit: LimitSchema,
})
/** A found account with its owner's Telegram id (null for a user who joined by email only). */
export const OpsFoundAccountSchema = z.extend(OpsAccountSchema, { telegramId: z.nullable(z.int()) })
export type OpsFoundAccount = z.infer<typeof OpsFoundAccountSchema>
export const OpsAccountPageSchema = z.object({
  items: z.array(OpsFoundAccountSchema),
  nextPage: z.nullable(z.string()),
})
