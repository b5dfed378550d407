import { z } from 'zod'

/** Every error body the API answers with. `message` is for people; `code` is for programs. */
export const ErrorResponseSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
})
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>

/** Error codes the mini-app maps to dialogs (spec section 8), plus the generic ones the server uses. */
export const ErrorCode = {
  ACTION_WAIT_REQUIRED_ERROR: 'ACTION_WAIT_REQUIRED_ERROR',
  BALANCE_LOW_ERROR: 'BALANCE_LOW_ERROR',
  BALANCE_HIGH_ERROR: 'BALANCE_HIGH_ERROR',
  SYSTEM_BALANCE_LOW_ERROR: 'SYSTEM_BALANCE_LOW_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  PHONE_NUMBER_BLACKLISTED: 'PHONE_NUMBER_BLACKLISTED',
  DUPLICATE_ENTRY: 'DUPLICATE_ENTRY',
  ORDER_UNAVAILABLE: 'ORDER_UNAVAILABLE',
  CODE_TYPE_NOT_ACCEPTABLE: 'CODE_TYPE_NOT_ACCEPTABLE',
  UNEXPECTED_CODE_TYPE: 'UNEXPECTED_CODE_TYPE',
  RESOURCE_NOT_FOUND: 'RESOURCE_NOT_FOUND',
  EMAIL_FLOOD: 'EMAIL_FLOOD',
  EMAIL_DOMAIN_NOT_ACCEPTABLE: 'EMAIL_DOMAIN_NOT_ACCEPTABLE',
  // Account submission (spec section 8 by status; these codes let the server say which case it is).
  PASSWORD_REQUIRED: 'PASSWORD_REQUIRED',
  INVALID_CODE: 'INVALID_CODE',
  INVALID_PASSWORD: 'INVALID_PASSWORD',
  EMAIL_NOT_ACCEPTABLE: 'EMAIL_NOT_ACCEPTABLE',
  INVALID_PHONE_NUMBER: 'INVALID_PHONE_NUMBER',
  PHONE_NUMBER_NOT_ACCEPTABLE: 'PHONE_NUMBER_NOT_ACCEPTABLE',
  FLOW_NOT_FOUND: 'FLOW_NOT_FOUND',
  /** 403: the user's flags do not allow this submit type (canAddAccount for login, canRegisterAccount for register). */
  ACCOUNT_SUBMIT_FORBIDDEN: 'ACCOUNT_SUBMIT_FORBIDDEN',
  /** 400 on invoice creation, 409 on a payment request: withdrawals (or toman payouts) are closed. */
  PAYMENT_CLOSED: 'PAYMENT_CLOSED',
  /** 409: the invoice does not allow a payment request now (not confirmed, paid, or one is open). */
  PAYMENT_REQUEST_UNAVAILABLE: 'PAYMENT_REQUEST_UNAVAILABLE',
  /** 409: no exchange rate is set for the payout currency. */
  EXCHANGE_RATE_UNAVAILABLE: 'EXCHANGE_RATE_UNAVAILABLE',
  /** 409: an operator move the record's current state does not allow. */
  INVALID_STATE: 'INVALID_STATE',
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  REFERRAL_REQUIRED: 'REFERRAL_REQUIRED',
  NOT_FOUND: 'NOT_FOUND',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

/** Opaque keyset cursor: the client passes back what the server gave it. */
export const CursorSchema = z.string().min(1).max(512)

export const PAGE_SIZE = 24

export const PageQuerySchema = z.object({
  cursor: CursorSchema.optional(),
  size: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
})
export type PageQuery = z.infer<typeof PageQuerySchema>

/** A page of a cursor-paginated list. `total` is present on lists that count (bank cards, invoice accounts). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    nextPage: CursorSchema.nullable(),
    previousPage: CursorSchema.nullable(),
    total: z.number().int().nonnegative().optional(),
  })
}
export type Page<T> = { items: T[]; nextPage: string | null; previousPage: string | null; total?: number }

/** Public identifiers are UUIDs; anything else is refused before it reaches the database. */
export const UidSchema = z.uuid()
export const UidParamsSchema = z.object({ uid: UidSchema })

/** Unix time in seconds (spec: all timestamps are epoch seconds). */
export const EpochSecondsSchema = z.number().int().nonnegative()

/** USDT amounts on the wire: numbers with at most 2 decimals, computed from integer minor units. */
export const UsdtAmountSchema = z.number().nonnegative()

export const SortDirectionSchema = z.enum(['asc', 'desc'])

/** An empty success body, for calls whose answer the spec does not show. */
export const OkSchema = z.object({ ok: z.literal(true) })
