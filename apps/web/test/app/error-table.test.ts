import { ErrorCode, type ErrorDetails, type Namespace } from '@app/contract'
import { describe, expect, it } from 'vitest'
import {
  CODE_ERRORS,
  EMAIL_CODE_ERRORS,
  EMAIL_ERRORS,
  PASSWORD_ERRORS,
  PHONE_ERRORS,
  RESEND_ERRORS,
  SUBMIT_ACCOUNT_ERRORS,
} from '#features/account-submission/error-messages.ts'
import { createInvoiceErrorDialog } from '#features/invoices/create-invoice-error.ts'
import {
  PAYMENT_OUTCOME_KEYS,
  type PaymentOutcome,
} from '#features/payment-requests/components/use-payment-outcome.ts'
import { ApiError } from '#lib/api-error.ts'
import {
  apiErrorMessage,
  EMAIL_VERIFICATION_CONFIRM_ERRORS,
  EMAIL_VERIFICATION_REQUEST_ERRORS,
  LOGIN_ERRORS,
  PASSWORD_RESET_CONFIRM_ERRORS,
  PASSWORD_RESET_REQUEST_ERRORS,
  REGISTER_ERRORS,
  type StatusMessages,
} from '#lib/error-message.ts'
import { createI18n } from '#lib/i18n.ts'
import { testResources } from '#test-helpers/locales.ts'
import { unexpectedLatinWords } from '#test-helpers/persian-latin.ts'

/**
 * Spec section 8 in one table, English and Persian: every row's call, status and code to the text the user
 * reads (error dialogs, then the other dialogs the section names), and every error code the server can send.
 * It lives where the features meet (src/app), as it walks the rows of all of them.
 */
const i18n = { en: createI18n('en', testResources), fa: createI18n('fa', testResources) }
const en = i18n.en.getFixedT(null)
const fa = i18n.fa.getFixedT(null)

const PHONE = '+989121234567'

/** Details as the server sends them, one per code: `satisfies` makes a new code a compile error until listed. */
const SAMPLE_DETAILS = {
  ACTION_WAIT_REQUIRED_ERROR: { wait: 3330 },
  BALANCE_LOW_ERROR: { balance: 1.5, minimum: 5 },
  BALANCE_HIGH_ERROR: { balance: 900, maximum: 500 },
  SYSTEM_BALANCE_LOW_ERROR: undefined,
  SERVICE_UNAVAILABLE: { service: 'account provider' },
  PHONE_NUMBER_BLACKLISTED: undefined,
  DUPLICATE_ENTRY: { field: 'phone', value: PHONE },
  ORDER_UNAVAILABLE: { country: 'IR', reason: 'capacity' },
  CODE_TYPE_NOT_ACCEPTABLE: undefined,
  UNEXPECTED_CODE_TYPE: { expected: 'code_sent' },
  RESOURCE_NOT_FOUND: { resource: 'session', id: 'abc' },
  EMAIL_FLOOD: { wait: 90 },
  EMAIL_DOMAIN_NOT_ACCEPTABLE: { allowedDomains: ['gmail.com', 'outlook.com'] },
  PASSWORD_REQUIRED: undefined,
  INVALID_CODE: { attemptsLeft: 2 },
  INVALID_PASSWORD: { attemptsLeft: 2 },
  EMAIL_NOT_ACCEPTABLE: undefined,
  INVALID_PHONE_NUMBER: undefined,
  PHONE_NUMBER_NOT_ACCEPTABLE: undefined,
  FLOW_NOT_FOUND: { resource: 'account submission' },
  FLOW_ENDED: { reason: 'expired' },
  ACCOUNT_SUBMIT_FORBIDDEN: { submitType: 'login' },
  PAYMENT_CLOSED: undefined,
  PAYMENT_REQUEST_UNAVAILABLE: undefined,
  EXCHANGE_RATE_UNAVAILABLE: undefined,
  INVALID_STATE: undefined,
  CHAIN_CHECK_FAILED: {
    check: 'amount',
    expected: '35 TRX (35000000 sun)',
    found: '34.99 TRX (34990000 sun)',
  },
  PAYOUT_REFERENCE_TAKEN: { reference: 'SATNA-140312-0001', payout: 'a-payout-uid' },
  CHAIN_UNAVAILABLE: { chain: 'tron', wait: 30 },
  IDEMPOTENCY_KEY_REUSED: undefined,
  IDEMPOTENCY_KEY_IN_PROGRESS: undefined,
  VALIDATION_ERROR: undefined,
  UNAUTHORIZED: undefined,
  REFERRAL_REQUIRED: undefined,
  USER_BLOCKED: undefined,
  REFERRAL_NOT_ALLOWED: undefined,
  NOT_FOUND: undefined,
  RATE_LIMITED: { wait: 75 },
  SIGN_IN_LOCKED: { wait: 86_000 },
  TEMPORARILY_UNAVAILABLE: { wait: 2 },
  INVALID_CREDENTIALS: undefined,
  EMAIL_NOT_VERIFIED: undefined,
  EMAIL_ALREADY_SET: { email: 'me@example.com' },
  PASSWORD_TOO_COMMON: undefined,
  PASSWORD_TOO_WEAK: { warning: 'straightRow', suggestions: ['anotherWord', 'longerKeyboardPattern'] },
  INTERNAL_ERROR: undefined,
  BAD_REQUEST: undefined,
  INVALID_JSON: undefined,
  PAYLOAD_TOO_LARGE: undefined,
  UNSUPPORTED_MEDIA_TYPE: undefined,
  URI_TOO_LONG: undefined,
  SUPPORT_LIMIT_REACHED: { wait: 125 },
  PHOTO_TOO_LARGE: { maxBytes: 5 * 1024 * 1024 },
  PHOTO_TYPE_NOT_ACCEPTED: undefined,
  PHOTO_UNAVAILABLE: undefined,
} satisfies { [C in ErrorCode]: ErrorDetails<C> }

const answer = (status: number, code: ErrorCode, details: unknown = SAMPLE_DETAILS[code]) =>
  new ApiError(status, code, 'server text', details as Record<string, unknown> | undefined)

/** Spec section 8, row by row: call, status, the code the server answers with, the English text. */
type Row = [
  call: string,
  status: number,
  code: ErrorCode,
  text: string,
  rows: StatusMessages,
  details?: unknown,
]
const SPEC_ROWS: Row[] = [
  ['resend', 503, 'SERVICE_UNAVAILABLE', "Can't send code!", RESEND_ERRORS],
  // A database outage is no failure of the call: its own text, not the call's 503 row.
  [
    'resend (database outage)',
    503,
    'TEMPORARILY_UNAVAILABLE',
    'The service is temporarily unavailable. Please try again in a moment.',
    RESEND_ERRORS,
  ],
  ['resend', 500, 'INTERNAL_ERROR', 'Something went wrong. Please contact support.', RESEND_ERRORS],
  ['submit account', 404, 'FLOW_NOT_FOUND', 'Account not found', SUBMIT_ACCOUNT_ERRORS],
  ['submit account', 409, 'DUPLICATE_ENTRY', 'Account already exists', SUBMIT_ACCOUNT_ERRORS],
  // A wrong answer says how many tries are left (issue 38): on a line of its own after the spec's words.
  ['submit code', 400, 'INVALID_CODE', 'Invalid code\n2 tries left.', CODE_ERRORS],
  [
    'submit code (last but one)',
    400,
    'INVALID_CODE',
    'Invalid code\n1 try left.',
    CODE_ERRORS,
    { attemptsLeft: 1 },
  ],
  ['submit code (no count)', 400, 'INVALID_CODE', 'Invalid code', CODE_ERRORS, {}],
  ['email code', 400, 'INVALID_CODE', 'Invalid code\n2 tries left.', EMAIL_CODE_ERRORS],
  ['email submit', 400, 'EMAIL_NOT_ACCEPTABLE', 'Email not acceptable', EMAIL_ERRORS],
  // The spec's 'EMAIL_DOMAIN_NOT_ACCEPTABLE (lists allowed domains)': the row's text, then the domains.
  [
    'email submit (domain)',
    400,
    'EMAIL_DOMAIN_NOT_ACCEPTABLE',
    'Email not acceptable\nAllowed domains: gmail.com, outlook.com',
    EMAIL_ERRORS,
  ],
  ['account password', 400, 'INVALID_PASSWORD', 'Invalid password\n2 tries left.', PASSWORD_ERRORS],
  // An ended flow: the screens show their own dialog (use-step-errors.ts); the code's text is the fallback.
  [
    'submit code (ended)',
    410,
    'FLOW_ENDED',
    'This code has ended. Start again with the phone number.',
    CODE_ERRORS,
  ],
  ['phone submit', 404, 'ORDER_UNAVAILABLE', 'Capacity is Completed 🙌.', PHONE_ERRORS],
  // Not a spec row: a country with no open order is a 404 as well, and must not claim that capacity ran out.
  [
    'phone submit (no order)',
    404,
    'ORDER_UNAVAILABLE',
    'There are no orders for this number and country.',
    PHONE_ERRORS,
    { country: 'FR', reason: 'no_order' },
  ],
  ['phone submit', 406, 'PHONE_NUMBER_BLACKLISTED', 'Phone number not acceptable.', PHONE_ERRORS],
  ['phone submit', 409, 'DUPLICATE_ENTRY', 'Account already exists.', PHONE_ERRORS],
  ['phone submit', 422, 'INVALID_PHONE_NUMBER', 'Invalid phone number.', PHONE_ERRORS],
  [
    'phone submit',
    429,
    'ACTION_WAIT_REQUIRED_ERROR',
    'Too many requests. Try again in 55 minutes 30 seconds.',
    PHONE_ERRORS,
  ],
  ['phone submit', 429, 'RATE_LIMITED', 'Too many requests. Try again in 1 minute 15 seconds.', PHONE_ERRORS],
  ['phone submit', 500, 'INTERNAL_ERROR', 'Something went wrong. Please contact support.', PHONE_ERRORS],
  // Email and password sign-in (the rows live in lib/error-message.ts, texts in the auth namespace).
  ['login', 401, 'INVALID_CREDENTIALS', 'Invalid email or password', LOGIN_ERRORS],
  ['login', 404, 'NOT_FOUND', 'Invalid email or password', LOGIN_ERRORS],
  [
    'login (locked by failures elsewhere)',
    429,
    'SIGN_IN_LOCKED',
    'Too many failed sign-ins to this email from other places. To sign in now, tap “Forgot your password?” and reset it; or wait 23 hours 54 minutes.',
    LOGIN_ERRORS,
  ],
  [
    'login (not verified)',
    403,
    'EMAIL_NOT_VERIFIED',
    'Your email is not verified yet. Send a new code to confirm it?',
    LOGIN_ERRORS,
  ],
  [
    'email verification confirm',
    401,
    'INVALID_CODE',
    'Invalid OTP code\n2 tries left.',
    EMAIL_VERIFICATION_CONFIRM_ERRORS,
  ],
  [
    'password reset confirm',
    401,
    'INVALID_CODE',
    'Invalid code provided\n2 tries left.',
    PASSWORD_RESET_CONFIRM_ERRORS,
  ],
  // The spec's 404 'Invalid email provided' (both code requests) and register's 409 'An account already exits
  // with this email' said whether an address was known: the server answers alike for any address (issue 37, F8).
  [
    'register (signed in)',
    409,
    'EMAIL_ALREADY_SET',
    'Your account already signs in with me@example.com.',
    REGISTER_ERRORS,
  ],
  [
    'register (no referral)',
    406,
    'REFERRAL_REQUIRED',
    'A valid referral code is required to create an account.',
    REGISTER_ERRORS,
  ],
  [
    'register (common password)',
    400,
    'PASSWORD_TOO_COMMON',
    'This password is too common: choose another',
    REGISTER_ERRORS,
  ],
  [
    'register (weak password: why, and what helps)',
    400,
    'PASSWORD_TOO_WEAK',
    'This password is too easy to guess. Straight rows of keys on your keyboard are easy to guess. Add more words that are less common. Use longer keyboard patterns and change typing direction multiple times.',
    REGISTER_ERRORS,
  ],
  [
    'password reset request (weak password, no reason named)',
    400,
    'PASSWORD_TOO_WEAK',
    'This password is too easy to guess. Add more words that are less common.',
    PASSWORD_RESET_REQUEST_ERRORS,
    { warning: null, suggestions: ['anotherWord'] },
  ],
  [
    'email verification confirm (referral revoked since)',
    406,
    'REFERRAL_REQUIRED',
    'A valid referral code is required to create an account.',
    EMAIL_VERIFICATION_CONFIRM_ERRORS,
  ],
  // A status row gives way to the codes that carry their own text: the flood's wait, the accepted domains.
  [
    'email verification request (flood)',
    429,
    'EMAIL_FLOOD',
    'Too many emails. Please wait 1 minute 30 seconds.',
    EMAIL_VERIFICATION_REQUEST_ERRORS,
  ],
  [
    'register (domain, under the 406 row)',
    406,
    'EMAIL_DOMAIN_NOT_ACCEPTABLE',
    'This email domain is not accepted. Allowed domains: gmail.com, outlook.com',
    REGISTER_ERRORS,
  ],
  [
    'password reset request (flood)',
    429,
    'EMAIL_FLOOD',
    'Too many emails. Please wait 1 minute 30 seconds.',
    PASSWORD_RESET_REQUEST_ERRORS,
  ],
]

/** English texts of the codes where a call has no row for the status (the spec's 'Auth error codes'). */
const CODE_TEXTS: Partial<Record<ErrorCode, string>> = {
  ACTION_WAIT_REQUIRED_ERROR: 'Please wait 55 minutes 30 seconds before trying again.',
  SERVICE_UNAVAILABLE: 'The account provider is temporarily unavailable. Please try again later.',
  // The value isolated left to right (a phone inside a Persian sentence, issue 38).
  DUPLICATE_ENTRY: 'Phone number \u2066+989121234567\u2069 already exists.',
  ORDER_UNAVAILABLE: 'Capacity is Completed 🙌.',
  RESOURCE_NOT_FOUND: 'Session abc was not found.',
  EMAIL_FLOOD: 'Too many emails. Please wait 1 minute 30 seconds.',
  RATE_LIMITED: 'Too many requests. Please wait 1 minute 15 seconds.',
  TEMPORARILY_UNAVAILABLE: 'The service is temporarily unavailable. Please try again in a moment.',
  INVALID_CREDENTIALS: 'Invalid email or password',
  EMAIL_ALREADY_SET: 'Your account already signs in with me@example.com.',
  PASSWORD_TOO_COMMON: 'This password is too common: choose another',
  EMAIL_DOMAIN_NOT_ACCEPTABLE: 'This email domain is not accepted. Allowed domains: gmail.com, outlook.com',
  IDEMPOTENCY_KEY_IN_PROGRESS: 'Your request is still being processed. Please try again in a moment.',
  IDEMPOTENCY_KEY_REUSED: 'This request does not match the one sent before. Please try again.',
  SUPPORT_LIMIT_REACHED:
    'You have sent many messages this hour. Please wait 2 minutes 5 seconds; your message is still here.',
  PHOTO_TOO_LARGE: 'This photo is too large. Please choose one under 5 MB.',
  PHOTO_TYPE_NOT_ACCEPTED: 'Only photos (JPEG, PNG or WebP) can be attached.',
}

/**
 * A Persian text: there, not the English one, no key left untranslated, no double space, and no Latin word but
 * the values it shows (numbers, domains, ids) and the names Persian screens keep in Latin letters (USDT...).
 */
function expectPersian(text: string, english: string, values: string[]) {
  expect(text.trim()).not.toBe('')
  expect(text).not.toBe(english)
  expect(text).not.toMatch(/\b(error|accounts|invoices|payments|referrals|auth|telegramAuth)\.[\w.]+/)
  expect(text).not.toMatch(/ {2}/)
  const withoutValues = values.reduce((rest, value) => rest.replaceAll(value, ''), text)
  expect(unexpectedLatinWords(withoutValues), 'an English word inside the Persian text').toEqual([])
}

const valuesOf = (code: ErrorCode) => {
  const details = SAMPLE_DETAILS[code] as Record<string, unknown> | undefined
  return Object.values(details ?? {}).flatMap((v) => (Array.isArray(v) ? v.map(String) : [String(v)]))
}

describe('error table: spec section 8, English and Persian', () => {
  it.each(SPEC_ROWS)('%s %i (%s) says %s', (_call, status, code, text, rows, details) => {
    const error = answer(status, code, details ?? SAMPLE_DETAILS[code])
    expect(apiErrorMessage(error, en, rows)).toBe(text)
    expectPersian(apiErrorMessage(error, fa, rows), text, [...valuesOf(code), '🙌'])
  })

  it.each(Object.values(ErrorCode))(
    'code %s without a call row reads translated, details in human units',
    (code) => {
      const error = answer(400, code)
      const english = apiErrorMessage(error, en)
      const persian = apiErrorMessage(error, fa)
      const expected = CODE_TEXTS[code]
      if (expected) expect(english).toBe(expected)
      expect(english).not.toMatch(/ {2}|\{\{|\d{3,} seconds/)
      expectPersian(persian, english, [...valuesOf(code), '🙌'])
    },
  )

  it('no answer at all is Unknown error!', () => {
    expect(apiErrorMessage(new ApiError(0, '', 'offline'), en)).toBe('Unknown error!')
    expect(apiErrorMessage(new Error('x'), fa)).toBe('خطای ناشناخته!')
  })
})

type Language = keyof typeof i18n
type Dialog = { title: string; message: string; ok?: string }
/** `t` over these namespaces in one language, without the English fallback: a missing key shows as the key. */
const tIn = (language: Language, ...namespaces: Namespace[]) => i18n[language].getFixedT(language, namespaces)

const EMAIL = 'me@example.com'
/** A dialog from its keys, as the screens build it (the title, the message, an Ok button in common). */
const fromKeys =
  (ns: Namespace, title: string, message: string, values?: { email: string }) =>
  (language: Language): Dialog => {
    const t = tIn(language, ns, 'common')
    return { title: t(title), message: t(message, values), ok: t('action.ok', { ns: 'common' }) }
  }
const invoiceDialog = (error: unknown) => (language: Language) =>
  createInvoiceErrorDialog(error, tIn(language, 'invoices', 'common'))
const paymentDialog = (texts: 'crypto' | 'irt', outcome: PaymentOutcome) => {
  const keys = PAYMENT_OUTCOME_KEYS[texts]
  const [title, message] = keys[outcome]
  return (language: Language): Dialog => {
    const t = tIn(language, 'payments')
    return { title: t(title), message: t(message), ok: t(keys.ok) }
  }
}

/**
 * The section's other dialogs, row by row: who shows it, how it is built in a language, the English words (the
 * spec's where it gives them, ours where it only says what the text is about), and the values a Persian text
 * may show in Latin letters. `persian` pins a text the spec gives in Persian (the toman form speaks Persian
 * whatever the app's language).
 */
type DialogRow = {
  row: string
  dialog: (language: Language) => Dialog
  english: Dialog
  values?: string[]
  persian?: Dialog
}
const DIALOG_ROWS: DialogRow[] = [
  // Invoice creation: a 400 by its code, any other status, no status.
  {
    row: 'invoice creation 400 ACTION_WAIT_REQUIRED_ERROR',
    dialog: invoiceDialog(new ApiError(400, 'ACTION_WAIT_REQUIRED_ERROR', 'x', { wait: 3330, delay: 3600 })),
    english: {
      title: 'Try Again Later',
      message: 'You can create one invoice every 60 minutes. Please try again in 56 minutes.',
    },
    values: ['60', '56'],
  },
  {
    row: 'invoice creation 400 BALANCE_LOW_ERROR',
    dialog: invoiceDialog(new ApiError(400, 'BALANCE_LOW_ERROR', 'x', { balance: 1.5, minimum: 5 })),
    english: {
      title: 'Balance Too Low',
      message: 'Your balance is 1.50 USDT. The minimum required to create an invoice is 5.00 USDT.',
    },
    values: ['1.50', '5.00'],
  },
  {
    row: 'invoice creation 400 BALANCE_HIGH_ERROR',
    dialog: invoiceDialog(new ApiError(400, 'BALANCE_HIGH_ERROR', 'x', { balance: 900, maximum: 500 })),
    english: {
      title: 'Balance Too High',
      message:
        'Your balance of 900.00 USDT is above the 500.00 USDT limit for one invoice. Please contact support.',
    },
    values: ['900.00', '500.00'],
  },
  {
    row: 'invoice creation 400, any other code',
    dialog: invoiceDialog(new ApiError(400, 'PAYMENT_CLOSED', 'x')),
    english: {
      title: 'Request Error',
      message: 'There was an issue with your request. Please check and try again.',
    },
  },
  {
    row: 'invoice creation, a status other than 400',
    dialog: invoiceDialog(new ApiError(503, 'SERVICE_UNAVAILABLE', 'x')),
    english: { title: 'Unexpected Error', message: 'Something went wrong. (Error code: 503)' },
    values: ['503'],
  },
  {
    row: 'invoice creation, no status',
    dialog: invoiceDialog(new ApiError(0, '', 'offline')),
    english: {
      title: 'Unknown Error',
      message: 'No answer from the server. Please check your connection and try again.',
    },
  },
  // Payment request: the crypto forms in the app's language, the toman form in Persian whatever it is.
  {
    row: 'payment request success',
    dialog: paymentDialog('crypto', 'success'),
    english: { title: 'Success', message: 'Invoice payment request accepted', ok: 'Ok' },
  },
  {
    row: 'payment request failure',
    dialog: paymentDialog('crypto', 'failed'),
    english: { title: 'Failed', message: 'Invoice payment request failed', ok: 'Ok' },
  },
  {
    row: 'payment request, no answer (the form stays)',
    dialog: paymentDialog('crypto', 'noAnswer'),
    english: {
      title: 'Unknown Error',
      message: 'No answer from the server. Please check your connection and try again.',
      ok: 'Ok',
    },
  },
  {
    row: 'toman payment request success',
    dialog: paymentDialog('irt', 'success'),
    english: { title: 'موفق', message: 'درخواست پرداخت موفقانه ثبت شد', ok: 'باشه' },
    persian: { title: 'موفق', message: 'درخواست پرداخت موفقانه ثبت شد', ok: 'باشه' },
  },
  {
    row: 'toman payment request failure',
    dialog: paymentDialog('irt', 'failed'),
    english: { title: 'ناموفق', message: 'درخواست پرداخت رد شد', ok: 'باشه' },
    persian: { title: 'ناموفق', message: 'درخواست پرداخت رد شد', ok: 'باشه' },
  },
  {
    row: 'toman payment request, no answer (the form stays)',
    dialog: paymentDialog('irt', 'noAnswer'),
    english: {
      title: 'خطای ناشناخته',
      message: 'پاسخی از سرور دریافت نشد. لطفاً اتصال اینترنت خود را بررسی کنید و دوباره تلاش کنید.',
      ok: 'باشه',
    },
    persian: {
      title: 'خطای ناشناخته',
      message: 'پاسخی از سرور دریافت نشد. لطفاً اتصال اینترنت خود را بررسی کنید و دوباره تلاش کنید.',
      ok: 'باشه',
    },
  },
  // Referral link (Revoke).
  {
    row: 'referral link revoked',
    dialog: fromKeys('referrals', 'referrals.revoke.successTitle', 'referrals.revoke.success'),
    english: { title: 'Success', message: 'Your referral link has been revoked.', ok: 'Ok' },
  },
  {
    row: 'referral link not revoked (an error dialog)',
    dialog: fromKeys('referrals', 'error.title', 'referrals.revoke.failure'),
    english: { title: 'Error', message: 'Failed to refresh your revoke link.', ok: 'Ok' },
  },
  // Telegram authorize 406.
  {
    row: 'telegram authorize 406',
    dialog: fromKeys('common', 'telegramAuth.messageTitle', 'telegramAuth.referralRequired'),
    english: { title: 'Message', message: 'Only users with a referral link can access this bot.', ok: 'Ok' },
  },
  // Success dialogs, with the email.
  {
    row: 'email verified',
    dialog: fromKeys('auth', 'auth.success.title', 'auth.verify.success', { email: EMAIL }),
    english: { title: 'Success', message: `Email verified successfully\n${EMAIL}`, ok: 'Ok' },
    values: [EMAIL],
  },
  {
    row: 'password reset',
    dialog: fromKeys('auth', 'auth.success.title', 'auth.resetConfirm.success', { email: EMAIL }),
    english: { title: 'Success', message: `Your new password is set. Log in with it.\n${EMAIL}`, ok: 'Ok' },
    values: [EMAIL],
  },
  {
    row: 'registered',
    dialog: fromKeys('auth', 'auth.success.title', 'auth.register.success', { email: EMAIL }),
    english: {
      title: 'Success',
      message: `Register successful! We send a email verification code to your email\n${EMAIL}`,
      ok: 'Ok',
    },
    values: [EMAIL],
  },
  // Every error dialog: titled 'Error' with an Ok button.
  {
    row: 'an error dialog',
    dialog: fromKeys('common', 'error.title', 'error.unknown'),
    english: { title: 'Error', message: 'Unknown error!', ok: 'Ok' },
  },
]

describe('error table: the section’s other dialogs, English and Persian', () => {
  it.each(DIALOG_ROWS)('$row', ({ dialog, english, values = [], persian }) => {
    expect(dialog('en')).toEqual(english)
    const shown = dialog('fa')
    if (persian) {
      expect(shown).toEqual(persian)
      return
    }
    expect(Object.keys(shown)).toEqual(Object.keys(english))
    for (const part of Object.keys(english) as (keyof Dialog)[])
      expectPersian(shown[part] ?? '', english[part] ?? '', values)
  })

  it('a 414 (URI_TOO_LONG) reads the request text, in both languages', () => {
    const error = answer(414, 'URI_TOO_LONG')
    expect(apiErrorMessage(error, en)).toBe(
      'There was an issue with your request. Please check and try again.',
    )
    expectPersian(apiErrorMessage(error, fa), apiErrorMessage(error, en), [])
  })
})
