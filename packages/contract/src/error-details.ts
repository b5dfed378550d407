import * as z from 'zod/mini'
import type { ErrorCode } from './error-codes.ts'
import { ActionWaitDetailsSchema, BalanceHighDetailsSchema, BalanceLowDetailsSchema } from './invoices.ts'

/** A code that carries no details: the answer has no `details` key. */
const NoDetails = z.undefined()

const WaitDetailsSchema = z.object({
  /** Seconds until the next try is allowed. */
  wait: z.int().check(z.nonnegative()),
})

/** Names in details are fixed words the mini-app translates (never shown raw inside a Persian sentence). */

/** Which record a duplicate is about: the mini-app translates the field's name and shows the value. */
export const DuplicateFieldSchema = z.enum(['phone', 'country', 'code', 'email'])
export type DuplicateField = z.infer<typeof DuplicateFieldSchema>

/**
 * Why a new password is too easy to guess (PASSWORD_TOO_WEAK): zxcvbn's feedback keys, worded by the mini-app.
 * `warning` is the reason (null when zxcvbn names none), `suggestions` what would help.
 */
export const PASSWORD_WARNINGS = [
  'straightRow',
  'keyPattern',
  'simpleRepeat',
  'extendedRepeat',
  'sequences',
  'recentYears',
  'dates',
  'topTen',
  'topHundred',
  'common',
  'similarToCommon',
  'wordByItself',
  'namesByThemselves',
  'commonNames',
  'userInputs',
] as const
export type PasswordWarning = (typeof PASSWORD_WARNINGS)[number]
export const PASSWORD_SUGGESTIONS = [
  'l33t',
  'reverseWords',
  'allUppercase',
  'capitalization',
  'dates',
  'recentYears',
  'associatedYears',
  'sequences',
  'repeated',
  'longerKeyboardPattern',
  'anotherWord',
  'useWords',
] as const
export type PasswordSuggestion = (typeof PASSWORD_SUGGESTIONS)[number]
export const PasswordWeaknessSchema = z.object({
  warning: z.nullable(z.enum(PASSWORD_WARNINGS)),
  suggestions: z.array(z.enum(PASSWORD_SUGGESTIONS)),
})
export type PasswordWeakness = z.infer<typeof PasswordWeaknessSchema>

/**
 * The `details` of every error code the server sends, one schema per code: the server builds details through
 * these types and the mini-app reads them through these schemas, so both sides agree on the names.
 * `z.undefined()` marks a code without details; `z.optional(...)` one whose details are sometimes present.
 */
export const ErrorDetailsSchemas = {
  ACTION_WAIT_REQUIRED_ERROR: ActionWaitDetailsSchema,
  BALANCE_LOW_ERROR: BalanceLowDetailsSchema,
  BALANCE_HIGH_ERROR: BalanceHighDetailsSchema,
  SYSTEM_BALANCE_LOW_ERROR: NoDetails,
  SERVICE_UNAVAILABLE: z.optional(z.object({ service: z.enum(['account provider']) })),
  PHONE_NUMBER_BLACKLISTED: NoDetails,
  DUPLICATE_ENTRY: z.object({ field: DuplicateFieldSchema, value: z.string() }),
  ORDER_UNAVAILABLE: z.object({
    country: z.string(),
    reason: z.enum(['orders_closed', 'no_order', 'closed', 'capacity']),
  }),
  CODE_TYPE_NOT_ACCEPTABLE: NoDetails,
  UNEXPECTED_CODE_TYPE: z.object({ expected: z.string() }),
  RESOURCE_NOT_FOUND: z.object({ resource: z.enum(['session']), id: z.string() }),
  EMAIL_FLOOD: WaitDetailsSchema,
  EMAIL_DOMAIN_NOT_ACCEPTABLE: z.object({ allowedDomains: z.array(z.string()) }),
  INVALID_CREDENTIALS: NoDetails,
  EMAIL_NOT_VERIFIED: NoDetails,
  EMAIL_ALREADY_SET: z.object({ email: z.string() }),
  PASSWORD_TOO_COMMON: NoDetails,
  PASSWORD_TOO_WEAK: PasswordWeaknessSchema,
  PASSWORD_REQUIRED: NoDetails,
  INVALID_CODE: z.optional(z.object({ attemptsLeft: z.int().check(z.nonnegative()) })),
  INVALID_PASSWORD: z.optional(z.object({ attemptsLeft: z.int().check(z.nonnegative()) })),
  EMAIL_NOT_ACCEPTABLE: NoDetails,
  INVALID_PHONE_NUMBER: NoDetails,
  PHONE_NUMBER_NOT_ACCEPTABLE: NoDetails,
  FLOW_NOT_FOUND: z.object({ resource: z.enum(['account submission']) }),
  FLOW_ENDED: z.object({ reason: z.enum(['expired', 'too_many_attempts']) }),
  ACCOUNT_SUBMIT_FORBIDDEN: z.object({ submitType: z.enum(['login', 'register']) }),
  PAYMENT_CLOSED: NoDetails,
  PAYMENT_REQUEST_UNAVAILABLE: NoDetails,
  EXCHANGE_RATE_UNAVAILABLE: NoDetails,
  INVALID_STATE: NoDetails,
  CHAIN_CHECK_FAILED: z.object({
    check: z.enum(['exists', 'succeeded', 'transfer', 'token', 'recipient', 'amount', 'sender', 'txid']),
    expected: z.string(),
    found: z.string(),
  }),
  PAYOUT_REFERENCE_TAKEN: z.object({ reference: z.string(), payout: z.string() }),
  CHAIN_UNAVAILABLE: z.object({ chain: z.enum(['tron', 'bsc']), wait: z.int().check(z.positive()) }),
  IDEMPOTENCY_KEY_REUSED: NoDetails,
  IDEMPOTENCY_KEY_IN_PROGRESS: NoDetails,
  SUPPORT_LIMIT_REACHED: WaitDetailsSchema,
  PHOTO_TOO_LARGE: z.object({ maxBytes: z.int().check(z.positive()) }),
  PHOTO_TYPE_NOT_ACCEPTED: NoDetails,
  PHOTO_UNAVAILABLE: NoDetails,
  VALIDATION_ERROR: NoDetails,
  UNAUTHORIZED: NoDetails,
  REFERRAL_REQUIRED: NoDetails,
  USER_BLOCKED: NoDetails,
  REFERRAL_NOT_ALLOWED: NoDetails,
  NOT_FOUND: NoDetails,
  RATE_LIMITED: WaitDetailsSchema,
  SIGN_IN_LOCKED: WaitDetailsSchema,
  /** `wait`: the seconds of the answer's Retry-After, after which asking again is worth it. */
  TEMPORARILY_UNAVAILABLE: WaitDetailsSchema,
  INTERNAL_ERROR: NoDetails,
  BAD_REQUEST: NoDetails,
  INVALID_JSON: NoDetails,
  PAYLOAD_TOO_LARGE: NoDetails,
  UNSUPPORTED_MEDIA_TYPE: NoDetails,
  URI_TOO_LONG: NoDetails,
} as const satisfies Record<ErrorCode, z.ZodMiniType>

export type ErrorDetails<C extends ErrorCode> = z.infer<(typeof ErrorDetailsSchemas)[C]>

/** Whether a string is one of the contract's error codes. */
export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ErrorDetailsSchemas, code)

/** The details of an error answer read through its code's schema; undefined when they do not parse. */
export function parseErrorDetails<C extends ErrorCode>(
  code: C,
  details: unknown,
): ErrorDetails<C> | undefined {
  const parsed = ErrorDetailsSchemas[code].safeParse(details)
  return parsed.success ? (parsed.data as ErrorDetails<C>) : undefined
}
