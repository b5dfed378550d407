import { z } from 'zod'
import {
  EpochSecondsSchema,
  PageQuerySchema,
  pageOf,
  SortDirectionSchema,
  UidSchema,
  UsdtAmountSchema,
} from './common.ts'
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
  limitDiscount: z.number().min(0).max(100),
  status: AccountStatusSchema,
  checkLimitStatus: z.boolean(),
  limitStatus: LimitStatusSchema,
  validationStatus: ValidationStatusSchema,
  validationAt: EpochSecondsSchema.nullable(),
  submitType: SubmitTypeSchema,
  invoice_id: UidSchema.nullable(),
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

export const AccountFiltersSchema = z
  .object({
    status: AccountStatusSchema.optional(),
    /** true: only accounts with no invoice attached (the accounts tabs). */
    noInvoice: z.boolean().optional(),
  })
  .strict()
export type AccountFilters = z.infer<typeof AccountFiltersSchema>

export const AccountSortsSchema = z
  .array(
    z
      .object({ model: z.literal('Account'), field: z.literal('created_at'), direction: SortDirectionSchema })
      .strict(),
  )
  .max(1)
export type AccountSorts = z.infer<typeof AccountSortsSchema>

/** Query-string JSON: parsed, then validated, so malformed JSON is a 400 like any other bad value. */
export function jsonParam<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .max(1024)
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be valid JSON' })
        return z.NEVER
      }
    })
    .pipe(schema)
}

export const AccountListQuerySchema = PageQuerySchema.extend({
  filters: jsonParam(AccountFiltersSchema).optional(),
  search: z.string().trim().max(14, { error: V.searchTooLong }).optional(),
  sorts: jsonParam(AccountSortsSchema).optional(),
})
export type AccountListQuery = z.input<typeof AccountListQuerySchema>

export const AccountPageSchema = pageOf(AccountSchema)
export const AccountParamsSchema = z.object({ accountUid: UidSchema })
