import {
  type ErrorCode,
  type ErrorDetails,
  ErrorDetailsSchemas,
  isErrorCode,
  type Namespace,
  parseErrorDetails,
} from '@app/contract'
import { type ApiError, isApiError } from './api-error.ts'
import { isolateLtr } from './bidi.ts'
import { showDialog } from './dialogs.ts'
import type { TFunction } from './i18n.ts'
import { hapticNotification } from './telegram/haptics.ts'

/**
 * One call's rows of spec section 8: the status of a failed answer -> the key of the text the user sees, in the
 * feature's namespace (e.g. `accounts.submit.error.capacity` in `accounts`). Each feature owns its calls' rows;
 * this module owns what every call shares: the code texts, the waits, the fallbacks.
 */
export type StatusMessages = { ns: Namespace; keys: Partial<Record<number, RowKey>> }
/** A key, or a choice by the answer: undefined leaves the answer to the code's text. */
type RowKey = string | ((error: ApiError) => string | undefined)

const NO_ROWS: StatusMessages = { ns: 'common', keys: {} }

type Text = { key: string; values?: Record<string, string | number> }

/**
 * The email sign-in calls' rows (spec section 8; texts in the `auth` namespace). A status row gives way to the
 * codes that carry their own text (a flood's wait, the accepted domains, a rate limit), whatever their status.
 */
const OWN_TEXT_CODES: readonly string[] = [
  'EMAIL_FLOOD',
  'EMAIL_DOMAIN_NOT_ACCEPTABLE',
  'RATE_LIMITED',
  'SIGN_IN_LOCKED',
  'ACTION_WAIT_REQUIRED_ERROR',
  'EMAIL_ALREADY_SET',
]
const authRow =
  (key: string): RowKey =>
  (error) =>
    OWN_TEXT_CODES.includes(error.code) ? undefined : key
const authRows = (keys: Record<number, string>): StatusMessages => ({
  ns: 'auth',
  keys: Object.fromEntries(Object.entries(keys).map(([status, key]) => [status, authRow(key)])),
})

/** POST /auth/login: 401 or 404 'Invalid email or password'; 403 the email is not verified yet. */
export const LOGIN_ERRORS = authRows({
  401: 'auth.error.invalidCredentials',
  403: 'auth.error.notVerified',
  404: 'auth.error.invalidCredentials',
})
/**
 * POST /auth/register: 406 no (valid) referral code without a Telegram session. No 409 row: the spec's 'An
 * account already exits with this email' told anyone the address was known (issue 37, F8); a 409 now is
 * EMAIL_ALREADY_SET, about the signed-in user, with its own text.
 */
export const REGISTER_ERRORS = authRows({ 406: 'auth.error.referralRequired' })
/**
 * POST /auth/email-verification-request and /auth/password-reset-request: no rows of their own. The spec's 404
 * 'Invalid email provided' told anyone whether an address was known; the server answers 204 for any address now
 * (issue 37, F8), so only the codes' own texts (a flood's wait, a weak password) remain.
 */
export const EMAIL_VERIFICATION_REQUEST_ERRORS = authRows({})
export const PASSWORD_RESET_REQUEST_ERRORS = authRows({})
/**
 * POST /auth/email-verification-confirm: 401 'Invalid OTP code'; 406 the registration's referral code stopped
 * admitting before the email was verified (docs/referrals.md).
 */
export const EMAIL_VERIFICATION_CONFIRM_ERRORS = authRows({
  401: 'auth.error.invalidOtp',
  406: 'auth.error.referralRequired',
})
/** POST /auth/password-reset-confirm: 401 'Invalid code provided'. */
export const PASSWORD_RESET_CONFIRM_ERRORS = authRows({ 401: 'auth.error.invalidCode' })

/** A wait in human units: '55 minutes 30 seconds', not '3330 seconds'. */
function formatWait(seconds: number, t: TFunction): string {
  const whole = Math.max(0, Math.ceil(seconds))
  if (whole >= 3600) {
    // A day's lock in hours and minutes (rounded up): seconds would be noise.
    const minutesUp = Math.ceil(whole / 60)
    const hours = Math.floor(minutesUp / 60)
    const parts = [t('error.wait.hours', { ns: 'common', count: hours })]
    if (minutesUp % 60 > 0) parts.push(t('error.wait.minutes', { ns: 'common', count: minutesUp % 60 }))
    return parts.join(t('error.wait.join', { ns: 'common' }))
  }
  const minutes = Math.floor(whole / 60)
  const rest = whole % 60
  const parts: string[] = []
  if (minutes > 0) parts.push(t('error.wait.minutes', { ns: 'common', count: minutes }))
  if (rest > 0 || minutes === 0) parts.push(t('error.wait.seconds', { ns: 'common', count: rest }))
  return parts.join(t('error.wait.join', { ns: 'common' }))
}

/** Translated names of the things a duplicate, a missing resource or an unavailable service is about. */
const FIELD_KEYS = {
  phone: 'error.field.phone',
  country: 'error.field.country',
  code: 'error.field.code',
  email: 'error.field.email',
} as const
const RESOURCE_KEYS = {
  session: 'error.resource.session',
  'account submission': 'error.resource.accountSubmission',
} as const
const SERVICE_KEYS = { 'account provider': 'error.service.accountProvider' } as const

type CodeText = { [C in ErrorCode]?: (details: ErrorDetails<C>, t: TFunction) => Text }

/**
 * The 'Auth error codes' of spec section 8, for calls without a row of their own for the status: `code` picks
 * the text, its details (read through the contract's schema) fill it in. Keys are `error.code.<CODE>` (common).
 */
const CODE_TEXTS: CodeText = {
  ACTION_WAIT_REQUIRED_ERROR: (d, t) => ({
    key: 'error.code.ACTION_WAIT_REQUIRED_ERROR',
    values: { wait: formatWait(d.wait, t) },
  }),
  BALANCE_LOW_ERROR: () => ({ key: 'error.code.BALANCE_LOW_ERROR' }),
  BALANCE_HIGH_ERROR: () => ({ key: 'error.code.BALANCE_HIGH_ERROR' }),
  SYSTEM_BALANCE_LOW_ERROR: () => ({ key: 'error.code.SYSTEM_BALANCE_LOW_ERROR' }),
  SERVICE_UNAVAILABLE: (d, t) =>
    d
      ? {
          key: 'error.code.SERVICE_UNAVAILABLE_named',
          values: { service: t(SERVICE_KEYS[d.service], { ns: 'common' }) },
        }
      : { key: 'error.code.SERVICE_UNAVAILABLE' },
  PHONE_NUMBER_BLACKLISTED: () => ({ key: 'error.code.PHONE_NUMBER_BLACKLISTED' }),
  DUPLICATE_ENTRY: (d, t) => ({
    key: 'error.code.DUPLICATE_ENTRY',
    // The value (a phone, an email) stays left to right inside a Persian sentence.
    values: { field: t(FIELD_KEYS[d.field], { ns: 'common' }), value: isolateLtr(d.value) },
  }),
  ORDER_UNAVAILABLE: (d) => ({
    key: d.reason === 'capacity' ? 'error.code.ORDER_UNAVAILABLE_capacity' : 'error.code.ORDER_UNAVAILABLE',
  }),
  CODE_TYPE_NOT_ACCEPTABLE: () => ({ key: 'error.code.CODE_TYPE_NOT_ACCEPTABLE' }),
  UNEXPECTED_CODE_TYPE: () => ({ key: 'error.code.UNEXPECTED_CODE_TYPE' }),
  RESOURCE_NOT_FOUND: (d, t) => ({
    key: 'error.code.RESOURCE_NOT_FOUND',
    values: { resource: t(RESOURCE_KEYS[d.resource], { ns: 'common' }), id: d.id },
  }),
  EMAIL_FLOOD: (d, t) => ({ key: 'error.code.EMAIL_FLOOD', values: { wait: formatWait(d.wait, t) } }),
  INVALID_CREDENTIALS: () => ({ key: 'error.code.INVALID_CREDENTIALS' }),
  EMAIL_NOT_VERIFIED: () => ({ key: 'error.code.EMAIL_NOT_VERIFIED' }),
  EMAIL_ALREADY_SET: (d) => ({ key: 'error.code.EMAIL_ALREADY_SET', values: { email: d.email } }),
  PASSWORD_TOO_COMMON: () => ({ key: 'error.code.PASSWORD_TOO_COMMON' }),
  PASSWORD_TOO_WEAK: (d, t) => ({
    key: 'error.code.PASSWORD_TOO_WEAK',
    values: { advice: passwordAdvice(d, t) },
  }),
  RATE_LIMITED: (d, t) => ({ key: 'error.code.RATE_LIMITED', values: { wait: formatWait(d.wait, t) } }),
  SIGN_IN_LOCKED: (d, t) => ({ key: 'error.code.SIGN_IN_LOCKED', values: { wait: formatWait(d.wait, t) } }),
  EMAIL_DOMAIN_NOT_ACCEPTABLE: (d) => ({
    key: 'error.code.EMAIL_DOMAIN_NOT_ACCEPTABLE',
    values: { domains: listDomains(d.allowedDomains) },
  }),
  TEMPORARILY_UNAVAILABLE: () => ({ key: 'error.code.TEMPORARILY_UNAVAILABLE' }),
  IDEMPOTENCY_KEY_IN_PROGRESS: () => ({ key: 'error.code.IDEMPOTENCY_KEY_IN_PROGRESS' }),
  IDEMPOTENCY_KEY_REUSED: () => ({ key: 'error.code.IDEMPOTENCY_KEY_REUSED' }),
  FLOW_ENDED: () => ({ key: 'error.code.FLOW_ENDED' }),
}

/** The code's text, its details read through the contract; undefined for a code without one or broken details. */
function codeText(code: ErrorCode, rawDetails: unknown, t: TFunction): Text | undefined {
  const build = CODE_TEXTS[code] as ((details: unknown, t: TFunction) => Text) | undefined
  const details = ErrorDetailsSchemas[code].safeParse(rawDetails)
  return build && details.success ? build(details.data, t) : undefined
}

/** Why a password is easy to guess and what helps, in the auth screens' words (zxcvbn's keys). */
function passwordAdvice(d: ErrorDetails<'PASSWORD_TOO_WEAK'>, t: TFunction): string {
  const warning = d.warning ? [`auth.passwordWarning.${d.warning}`] : []
  const tips = d.suggestions.map((key) => `auth.passwordSuggestion.${key}`)
  return [...warning, ...tips].map((key) => t(key, { ns: 'auth' })).join(' ')
}

/** Accepted email domains as every error lists them: 'gmail.com, outlook.com'. */
const listDomains = (domains: readonly string[]) => domains.join(', ')

/** The seconds to wait that an answer carries (rate limits), if its code has them. */
function waitOf(code: ErrorCode, rawDetails: unknown): number | undefined {
  if (code === 'ACTION_WAIT_REQUIRED_ERROR') return parseErrorDetails(code, rawDetails)?.wait
  if (code === 'EMAIL_FLOOD') return parseErrorDetails(code, rawDetails)?.wait
  if (code === 'RATE_LIMITED' || code === 'SIGN_IN_LOCKED') return parseErrorDetails(code, rawDetails)?.wait
  return undefined
}

/** The tries a wrong code or password leaves (the server counts them), if the answer says. */
export function attemptsLeftOf(code: ErrorCode, rawDetails: unknown): number | undefined {
  if (code === 'INVALID_CODE') return parseErrorDetails(code, rawDetails)?.attemptsLeft
  if (code === 'INVALID_PASSWORD') return parseErrorDetails(code, rawDetails)?.attemptsLeft
  return undefined
}

/**
 * What follows a call's own row, from what the answer carries: the wait (same line), the tries left (a line of
 * their own, as the spec's 'Invalid code' has no full stop), or the accepted email
 * domains (spec section 8: EMAIL_DOMAIN_NOT_ACCEPTABLE 'lists allowed domains'; on a line of their own, as the
 * spec's 'Email not acceptable' has no full stop). Empty when it carries neither.
 */
function rowFollowUp(code: ErrorCode | undefined, rawDetails: unknown, t: TFunction): string {
  if (code === undefined) return ''
  const wait = waitOf(code, rawDetails)
  if (wait !== undefined) return ` ${t('error.retryIn', { ns: 'common', wait: formatWait(wait, t) })}`
  const attemptsLeft = attemptsLeftOf(code, rawDetails)
  if (attemptsLeft !== undefined) return `\n${t('error.attemptsLeft', { ns: 'common', count: attemptsLeft })}`
  const domains =
    code === 'EMAIL_DOMAIN_NOT_ACCEPTABLE' ? parseErrorDetails(code, rawDetails)?.allowedDomains : undefined
  if (domains?.length)
    return `\n${t('error.allowedDomains', { ns: 'common', domains: listDomains(domains) })}`
  return ''
}

/**
 * What an error dialog says. No answer at all: 'Unknown error!'. Then the call's own row for the status (the
 * spec's words for that call, e.g. 'Capacity is Completed 🙌.'), followed by the wait or the accepted domains
 * when the answer carries them; then the code's text with its details; then a generic text per status class.
 */
export function apiErrorMessage(error: unknown, t: TFunction, rows: StatusMessages = NO_ROWS): string {
  if (!isApiError(error) || error.status === 0) return t('error.unknown', { ns: 'common' })
  const code = isErrorCode(error.code) ? error.code : undefined
  // The server's database outage is no answer of the call itself: its own text, whatever the call's 503 row says.
  const row = code === 'TEMPORARILY_UNAVAILABLE' ? undefined : rows.keys[error.status]
  const rowKey = typeof row === 'function' ? row(error) : row
  if (rowKey) return t(rowKey, { ns: rows.ns }) + rowFollowUp(code, error.details, t)
  const byCode = code ? codeText(code, error.details, t) : undefined
  if (byCode) return t(byCode.key, { ns: 'common', ...byCode.values })
  if (error.status >= 500) return t('error.server', { ns: 'common' })
  if (error.status === 429) return t('error.tooManyRequests', { ns: 'common' })
  return t('error.request', { ns: 'common' })
}

/** The spec's error dialog: titled 'Error', one Ok button, an error haptic. */
export function showErrorDialog(t: TFunction, message: string): Promise<string | null> {
  hapticNotification('error')
  return showDialog({
    title: t('error.title', { ns: 'common' }),
    message,
    buttons: [{ id: 'ok', text: t('action.ok', { ns: 'common' }) }],
  })
}

export function showApiErrorDialog(
  error: unknown,
  t: TFunction,
  rows: StatusMessages = NO_ROWS,
): Promise<string | null> {
  return showErrorDialog(t, apiErrorMessage(error, t, rows))
}
