import * as z from 'zod/mini'
import {
  CursorSchema,
  EpochSecondsSchema,
  PageSizeSchema,
  pageOf,
  SortDirectionSchema,
  UidSchema,
  UsdtAmountSchema,
} from './common.ts'
import { latinDigits } from './digits.ts'
import { V } from './messages.ts'

export const AccountStatusSchema = z.enum(['pending', 'accepted', 'rejected'])
export type AccountStatus = z.infer<typeof AccountStatusSchema>
export const LimitStatusSchema = z.enum([
  'pending',
  'not_limited',
  'temporary_limited',
  'permanent_limited',
  'unknown',
])
export type LimitStatus = z.infer<typeof LimitStatusSchema>
export const ValidationStatusSchema = z.enum(['pending', 'review', 'success', 'failed'])
export type ValidationStatus = z.infer<typeof ValidationStatusSchema>
export const SubmitTypeSchema = z.enum(['login', 'register'])
export type SubmitType = z.infer<typeof SubmitTypeSchema>

export const AccountSchema = z.object({
  uid: UidSchema,
  phone: z.string(),
  formattedPhone: z.string(),
  /** Same-origin URL of the country flag image. */
  flag: z.string(),
  country: z.string(),
  price: UsdtAmountSchema,
  net: UsdtAmountSchema,
  /** Percent taken off the price when the account is permanently limited. */
  limitDiscount: z.number().check(z.gte(0), z.lte(100)),
  status: AccountStatusSchema,
  checkLimitStatus: z.boolean(),
  limitStatus: LimitStatusSchema,
  validationStatus: ValidationStatusSchema,
  validationAt: z.nullable(EpochSecondsSchema),
  submitType: SubmitTypeSchema,
  invoice_id: z.nullable(UidSchema),
  validation: z.object({
    status: ValidationStatusSchema,
    check2Fa: z.boolean(),
    checkAuthorization: z.boolean(),
    checkFreeze: z.boolean(),
  }),
  checkSingleAuthorization: z.boolean(),
  check2Fa: z.boolean(),
  checkAuthorization: z.boolean(),
  checkConnection: z.boolean(),
  checkChats: z.boolean(),
  checkFreeze: z.boolean(),
  checkSendMessage: z.boolean(),
  checkAddContact: z.boolean(),
  createdAt: EpochSecondsSchema,
})
export type Account = z.infer<typeof AccountSchema>

/**
 * The account checks a validation runs, in their order, by the name a failure of each goes by: a failed validation
 * names the first that failed (the bot's `bot.reason.*`, the operators' rejection reasons).
 */
export const ACCOUNT_CHECK_FAILURES = [
  'singleAuthorization',
  'twoFa',
  'authorization',
  'connection',
  'chats',
  'freeze',
  'sendMessage',
  'addContact',
] as const
export type AccountCheckFailure = (typeof ACCOUNT_CHECK_FAILURES)[number]

export const AccountFiltersSchema = z.strictObject({
  status: z.optional(AccountStatusSchema),
  /** true: only accounts with no invoice attached (the accounts tabs). */
  noInvoice: z.optional(z.boolean()),
})
export type AccountFilters = z.infer<typeof AccountFiltersSchema>

export const AccountSortsSchema = z
  .array(
    z.strictObject({
      model: z.literal('Account'),
      field: z.literal('created_at'),
      direction: SortDirectionSchema,
    }),
  )
  .check(z.maxLength(1))
export type AccountSorts = z.infer<typeof AccountSortsSchema>

/** Query-string JSON: parsed, then validated, so malformed JSON is a 400 like any other bad value. */
export function jsonParam<T extends z.ZodMiniType>(schema: T) {
  const parsedJson = z.pipe(
    z.string().check(z.maxLength(1024)),
    z.transform((raw: string, ctx) => {
      try {
        return JSON.parse(raw) as unknown
      } catch {
        ctx.issues.push({ code: 'custom', message: 'must be valid JSON', input: raw })
        return z.NEVER
      }
    }),
  )
  return z.pipe(parsedJson, schema)
}

export const AccountListQuerySchema = z.object({
  cursor: z.optional(CursorSchema),
  size: PageSizeSchema,
  filters: z.optional(jsonParam(AccountFiltersSchema)),
  search: z.optional(z.string().check(latinDigits(), z.trim(), z.maxLength(14, { error: V.searchTooLong }))),
  sorts: z.optional(jsonParam(AccountSortsSchema)),
})
export type AccountListQuery = z.input<typeof AccountListQuerySchema>

export const AccountPageSchema = pageOf(AccountSchema)
export const AccountParamsSchema = z.object({ accountUid: UidSchema })
