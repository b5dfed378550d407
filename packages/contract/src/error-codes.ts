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
  // Email and password sign-in (spec section 8 by status; these codes let the server say which case it is).
  /** 401 on login: unknown email or wrong password (one answer for both, spec 'Invalid email or password'). */
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  /** 403 on login: the email is registered but not verified yet; the app offers to send the code again. */
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  /** 409 on register with a session: the signed-in user already signs in with another (verified) email. */
  EMAIL_ALREADY_SET: 'EMAIL_ALREADY_SET',
  /** 400 on register and reset requests: the password is one people use (zxcvbn's lists are the server's). */
  PASSWORD_TOO_COMMON: 'PASSWORD_TOO_COMMON',
  /** 400 on register and reset requests: too easy to guess otherwise (repeats, sequences...); details say why. */
  PASSWORD_TOO_WEAK: 'PASSWORD_TOO_WEAK',
  // Account submission (spec section 8 by status; these codes let the server say which case it is).
  PASSWORD_REQUIRED: 'PASSWORD_REQUIRED',
  INVALID_CODE: 'INVALID_CODE',
  INVALID_PASSWORD: 'INVALID_PASSWORD',
  EMAIL_NOT_ACCEPTABLE: 'EMAIL_NOT_ACCEPTABLE',
  INVALID_PHONE_NUMBER: 'INVALID_PHONE_NUMBER',
  PHONE_NUMBER_NOT_ACCEPTABLE: 'PHONE_NUMBER_NOT_ACCEPTABLE',
  FLOW_NOT_FOUND: 'FLOW_NOT_FOUND',
  /**
   * 410 on any step of a login or sign-up flow that has ended: its 15 minutes are up (`expired`) or its five wrong
   * answers are used (`too_many_attempts`). No code is checked any more; a new phone number starts over.
   */
  FLOW_ENDED: 'FLOW_ENDED',
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
  /**
   * 409 on recording a TRX or USDT BEP20 payout as succeeded: the chain does not show the payout (docs/transactions.md,
   * 'Chain check'); details name the check, the expected and the found value.
   */
  CHAIN_CHECK_FAILED: 'CHAIN_CHECK_FAILED',
  /**
   * 409 on recording a toman payout as succeeded: another payout already recorded this bank reference (case-blind),
   * as a txid is refused for TRX and USDT; details name the reference and that payout.
   */
  PAYOUT_REFERENCE_TAKEN: 'PAYOUT_REFERENCE_TAKEN',
  /** 503 with `Retry-After`: the chain's endpoint (TronGrid, the BSC node) cannot be read now; nothing was recorded. */
  CHAIN_UNAVAILABLE: 'CHAIN_UNAVAILABLE',
  /** 422: an Idempotency-Key sent again with a different request (another call or another body). */
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  /** 409: the first request with this Idempotency-Key is still running; ask again in a moment. */
  IDEMPOTENCY_KEY_IN_PROGRESS: 'IDEMPOTENCY_KEY_IN_PROGRESS',
  // Support (docs/support.md).
  /** 429: the user wrote more support messages this hour than the limit; `wait` says when one is allowed again. */
  SUPPORT_LIMIT_REACHED: 'SUPPORT_LIMIT_REACHED',
  /** 413: a photo over the size support takes. */
  PHOTO_TOO_LARGE: 'PHOTO_TOO_LARGE',
  /** 415: a file that is not a JPEG, PNG or WebP photo (read from its bytes, not its declared type). */
  PHOTO_TYPE_NOT_ACCEPTED: 'PHOTO_TYPE_NOT_ACCEPTED',
  /** 503: Telegram cannot keep the photo now (nothing was stored: the text stays on screen to send again). */
  PHOTO_UNAVAILABLE: 'PHOTO_UNAVAILABLE',
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  REFERRAL_REQUIRED: 'REFERRAL_REQUIRED',
  /** 403 on Telegram sign-in: an operator blocked this user (docs/console.md, 'Blocking users'); no tokens. */
  USER_BLOCKED: 'USER_BLOCKED',
  /** 403: the user may not refer others (their canReferrer is off): no referral link, no refresh. */
  REFERRAL_NOT_ALLOWED: 'REFERRAL_NOT_ALLOWED',
  NOT_FOUND: 'NOT_FOUND',
  RATE_LIMITED: 'RATE_LIMITED',
  /** 429: failures from elsewhere closed this sign-in to new addresses; a mailed code (a password reset) ends it. */
  SIGN_IN_LOCKED: 'SIGN_IN_LOCKED',
  /**
   * 503 with `Retry-After`: the server runs but cannot reach its database (an outage, a restart); nothing was done.
   * The clients say 'temporarily unavailable, retrying' and ask again by themselves (docs/resilience.md, 'Outages').
   */
  TEMPORARILY_UNAVAILABLE: 'TEMPORARILY_UNAVAILABLE',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  // Transport errors the one error handler answers before a route runs.
  BAD_REQUEST: 'BAD_REQUEST',
  INVALID_JSON: 'INVALID_JSON',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  /** 414: a path parameter longer than the router takes. */
  URI_TOO_LONG: 'URI_TOO_LONG',
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]
