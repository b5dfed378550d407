/**
 * The boundary to the messaging network: everything the `/telegram/*` calls and the validation
 * engine need from the account provider. The server never talks to the network itself (docs/product.md, system design);
 * production plugs an external provider in here, development and tests use the sandbox.
 *
 * Providers are stateless towards the server: whatever they need to continue a flow is in the
 * arguments (the phone, the `session` handle they returned, the current code types), because the
 * next step may reach another server process.
 *
 * Failures are `ProviderError`s with a kind; the submission service maps them to the spec's answers.
 * A 2FA password is an argument and nothing more: providers must not store or log it.
 */
import type { CodeType, LimitStatus, SubmitType } from '@app/contract'

export type CodePurpose = 'login' | 'signup'

export type SentCode = {
  /** The provider's handle for this flow (e.g. a phone code hash); the server keeps it with the flow. */
  session: string
  codeType: CodeType
  nextType: CodeType | null
  length: number | null
  /** Seconds before a resend is offered. */
  timeout: number | null
}

export type FlowRef = { phone: string; purpose: CodePurpose; session: string }

export type CodeCheck = { status: 'ok' } | { status: 'password_required' }

export type AccountChecks = {
  checkSingleAuthorization: boolean
  check2Fa: boolean
  checkAuthorization: boolean
  checkConnection: boolean
  checkChats: boolean
  /** true means the account is frozen (the one check where true is bad). */
  checkFreeze: boolean
  checkSendMessage: boolean
  checkAddContact: boolean
}

export type ValidationOutcome = {
  /** success: accept; failed: reject; review: try again in 24 h (multiple sessions). */
  validationStatus: 'success' | 'failed' | 'review'
  checks: AccountChecks
  /** false when the provider did not check limits (the app then shows temporary_limited). */
  checkLimitStatus: boolean
  limitStatus: LimitStatus
  /** Percent off the price; applied only when permanently limited. */
  limitDiscount: number
}

export type ProviderErrorKind =
  /** 406 PHONE_NUMBER_BLACKLISTED */
  | 'phone_banned'
  /** 422 INVALID_PHONE_NUMBER */
  | 'phone_invalid'
  /** 409 DUPLICATE_ENTRY: the provider already has this account */
  | 'phone_taken'
  /** 429 ACTION_WAIT_REQUIRED_ERROR with `waitSeconds` */
  | 'flood_wait'
  /** 503 SERVICE_UNAVAILABLE: the provider could not send (e.g. resend) */
  | 'unavailable'
  /** 400 CODE_TYPE_NOT_ACCEPTABLE: no further way to send the code */
  | 'no_next_code_type'
  | 'invalid_code'
  | 'invalid_password'
  | 'code_expired'
  /** 400 EMAIL_NOT_ACCEPTABLE */
  | 'email_invalid'
  /** 400 EMAIL_DOMAIN_NOT_ACCEPTABLE with `allowedDomains` */
  | 'email_domain_not_acceptable'
  /** 429 EMAIL_FLOOD with `waitSeconds` */
  | 'email_flood'

export class ProviderError extends Error {
  override name = 'ProviderError'
  readonly kind: ProviderErrorKind
  readonly extra: { waitSeconds?: number; allowedDomains?: string[] }
  constructor(kind: ProviderErrorKind, extra: { waitSeconds?: number; allowedDomains?: string[] } = {}) {
    super(`account provider: ${kind}`)
    this.kind = kind
    this.extra = extra
  }
}

export interface AccountProvider {
  readonly name: string
  /** Sends the first login code. May answer codeType 'setup_email_required' (set up a login email first). */
  sendCode(input: { phone: string; purpose: CodePurpose }): Promise<SentCode>
  /** Sends the code again by the offered next type. */
  resendCode(input: FlowRef & { codeType: CodeType; nextType: CodeType | null }): Promise<SentCode>
  /** Chooses the login email; answers the length of the code sent to it. */
  setupLoginEmail(input: FlowRef & { email: string }): Promise<{ emailCodeLength: number }>
  /** Verifies the email code; the login code is then sent (answered like sendCode). */
  verifyLoginEmail(input: FlowRef & { email: string; code: string }): Promise<SentCode>
  /** Logs in with the code (login purpose). */
  submitCode(input: FlowRef & { code: string }): Promise<CodeCheck>
  /** Completes a login that needs the account's 2FA password. */
  submitPassword(input: FlowRef & { password: string }): Promise<void>
  /** Creates a new account with the code (signup purpose) and answers the names it was given. */
  signUp(input: FlowRef & { code: string }): Promise<{ firstName: string; lastName: string }>
  /** Checks a submitted account. `attempt` counts earlier validations of it (0 the first time). */
  validate(input: { phone: string; submitType: SubmitType; attempt: number }): Promise<ValidationOutcome>
}
