/**
 * The sandbox provider's table: the single source of truth for what each phone number does.
 * `GET /sandbox/scenarios` serves it, `docs/sandbox-provider.md` shows it (a test keeps the two equal),
 * and the sandbox provider reads its behaviour from it. A number in no entry is an ordinary account:
 * code 12345 by app (then SMS, then call), no 2FA, validated successfully and not limited.
 */
import type { CodeType } from '@app/contract'
import type { AccountChecks, ProviderErrorKind, ValidationOutcome } from '../account-provider.ts'

export const SANDBOX_LOGIN_CODE = '12345'
export const SANDBOX_EMAIL_CODE = '123456'
export const SANDBOX_PASSWORD = 'sandbox-2fa'
/** Seconds before the code may be resent (short, so demos and end-to-end tests do not wait long). */
export const SANDBOX_RESEND_TIMEOUT = 10
const SANDBOX_FLOOD_WAIT = 120
export const SANDBOX_EMAIL_FLOOD_WAIT = 60
export const SANDBOX_ALLOWED_EMAIL_DOMAINS = ['gmail.com', 'outlook.com', 'example.com']
/** Login emails that make the email step fail, on any number that needs a login email. */
export const SANDBOX_REFUSED_EMAIL = 'refused@example.com'
export const SANDBOX_FLOOD_EMAIL = 'flood@example.com'
export const SANDBOX_GOOD_EMAIL = 'demo@example.com'
/** The number of the login-email scenario (the email rows demonstrate its email step). */
const EMAIL_PHONE = '+989120000003'

export const DEFAULT_LOGIN_CODE_TYPES: readonly CodeType[] = ['app', 'sms', 'call']
export const DEFAULT_SIGNUP_CODE_TYPES: readonly CodeType[] = ['sms', 'call']

const PASSED: AccountChecks = {
  checkSingleAuthorization: true,
  check2Fa: true,
  checkAuthorization: true,
  checkConnection: true,
  checkChats: true,
  checkFreeze: false,
  checkSendMessage: true,
  checkAddContact: true,
}

const accepted = (limit: Partial<ValidationOutcome> = {}): ValidationOutcome => ({
  validationStatus: 'success',
  checks: PASSED,
  checkLimitStatus: true,
  limitStatus: 'not_limited',
  limitDiscount: 0,
  ...limit,
})
const failed = (checks: Partial<AccountChecks>): ValidationOutcome => ({
  ...accepted(),
  validationStatus: 'failed',
  checks: { ...PASSED, ...checks },
})
const review: ValidationOutcome = {
  ...accepted(),
  validationStatus: 'review',
  checks: { ...PASSED, checkSingleAuthorization: false },
}

export const ORDINARY_OUTCOME = accepted()

export type ScenarioBehaviour = {
  /** The phone submission (or sign-up send-code) fails this way. */
  sendError?: { kind: ProviderErrorKind; waitSeconds?: number }
  /** How the code is delivered, first send then each resend; default DEFAULT_*_CODE_TYPES. */
  codeTypes?: readonly CodeType[]
  signupCodeTypes?: readonly CodeType[]
  resendUnavailable?: boolean
  /** The account has a 2FA password (code answers 303 PASSWORD_REQUIRED). */
  twoFactor?: boolean
  /** A login email must be set up before a code is sent. */
  emailRequired?: boolean
  /** Validation outcomes in order: the first validation, then revalidations (the last one repeats). */
  validations?: readonly ValidationOutcome[]
  /** Refused by the server's orders before the provider is asked (documents a demo-data country). */
  refusedByOrders?: boolean
}

export type SandboxScenarioEntry = {
  phone: string
  demonstrates: string
  flow: 'login' | 'signup' | 'both'
  outcome: string
  /** Shown instead of the default columns when the row is about one email. */
  email?: string
  behaviour: ScenarioBehaviour
}

export const SANDBOX_SCENARIOS: readonly SandboxScenarioEntry[] = [
  // Code delivery and login steps
  {
    phone: '+989120000001',
    demonstrates: 'ordinary account (as any number in no entry)',
    flow: 'both',
    outcome: 'code by app, resend offers SMS then call; accepted, not limited',
    behaviour: {},
  },
  {
    phone: '+989120000002',
    demonstrates: '2FA password',
    flow: 'login',
    outcome: 'code answers 303 PASSWORD_REQUIRED; the password completes the login; accepted',
    behaviour: { twoFactor: true },
  },
  {
    phone: EMAIL_PHONE,
    demonstrates: 'login email required',
    flow: 'both',
    outcome: 'code type setup_email_required: email, then email code (6 digits), then login code by SMS',
    email: SANDBOX_GOOD_EMAIL,
    behaviour: { emailRequired: true },
  },
  {
    phone: EMAIL_PHONE,
    demonstrates: 'login email refused',
    flow: 'both',
    outcome: '400 EMAIL_NOT_ACCEPTABLE',
    email: SANDBOX_REFUSED_EMAIL,
    behaviour: { emailRequired: true },
  },
  {
    phone: EMAIL_PHONE,
    demonstrates: 'login email domain not accepted (any domain but gmail.com, outlook.com, example.com)',
    flow: 'both',
    outcome: '400 EMAIL_DOMAIN_NOT_ACCEPTABLE with details.allowedDomains',
    email: 'someone@unknown.test',
    behaviour: { emailRequired: true },
  },
  {
    phone: EMAIL_PHONE,
    demonstrates: 'login email flood',
    flow: 'both',
    outcome: `429 EMAIL_FLOOD with details.wait ${SANDBOX_EMAIL_FLOOD_WAIT}`,
    email: SANDBOX_FLOOD_EMAIL,
    behaviour: { emailRequired: true },
  },
  // Phone submission errors (spec section 8)
  {
    phone: '+989120000006',
    demonstrates: 'phone not acceptable',
    flow: 'both',
    outcome: '406 PHONE_NUMBER_BLACKLISTED',
    behaviour: { sendError: { kind: 'phone_banned' } },
  },
  {
    phone: '+989120000007',
    demonstrates: 'account already exists at the provider',
    flow: 'both',
    outcome: '409 DUPLICATE_ENTRY',
    behaviour: { sendError: { kind: 'phone_taken' } },
  },
  {
    phone: '+989120000008',
    demonstrates: 'phone number refused as invalid by the provider',
    flow: 'both',
    outcome: '422 INVALID_PHONE_NUMBER',
    behaviour: { sendError: { kind: 'phone_invalid' } },
  },
  {
    phone: '+989120000009',
    demonstrates: 'too many requests',
    flow: 'both',
    outcome: `429 ACTION_WAIT_REQUIRED_ERROR with details.wait ${SANDBOX_FLOOD_WAIT}`,
    behaviour: { sendError: { kind: 'flood_wait', waitSeconds: SANDBOX_FLOOD_WAIT } },
  },
  {
    phone: '+33612345678',
    demonstrates: 'country without an order (France)',
    flow: 'both',
    outcome: '404 ORDER_UNAVAILABLE (details.reason no_order)',
    behaviour: { refusedByOrders: true },
  },
  {
    phone: '+4915120000001',
    demonstrates: 'country whose order is closed (Germany, demo data)',
    flow: 'both',
    outcome: '404 ORDER_UNAVAILABLE (details.reason closed)',
    behaviour: { refusedByOrders: true },
  },
  {
    phone: '+919876500001',
    demonstrates: 'country whose capacity is used up (India, demo data)',
    flow: 'both',
    outcome: "404 ORDER_UNAVAILABLE 'Capacity is Completed 🙌.' (details.reason capacity)",
    behaviour: { refusedByOrders: true },
  },
  // Resend
  {
    phone: '+989120000010',
    demonstrates: 'resend fails',
    flow: 'both',
    outcome: "resend answers 503 SERVICE_UNAVAILABLE ('Can't send code!')",
    behaviour: { resendUnavailable: true },
  },
  {
    phone: '+989120000011',
    demonstrates: 'code by SMS, resend by call',
    flow: 'login',
    outcome: 'codeType sms, nextType call; after the call no next type',
    behaviour: { codeTypes: ['sms', 'call'] },
  },
  {
    phone: '+989120000012',
    demonstrates: 'code by call, resend in the app',
    flow: 'login',
    outcome: 'codeType call, nextType app; after that no next type',
    behaviour: { codeTypes: ['call', 'app'] },
  },
  {
    phone: '+989120000013',
    demonstrates: 'no other way to send the code',
    flow: 'both',
    outcome: 'codeType sms, nextType null (no resend); resend answers 400 CODE_TYPE_NOT_ACCEPTABLE',
    behaviour: { codeTypes: ['sms'], signupCodeTypes: ['sms'] },
  },
  // Sign-up
  {
    phone: '+989120000020',
    demonstrates: 'sign-up of a new account',
    flow: 'signup',
    outcome: 'code by SMS (resend by call); signup answers firstName Sandbox, lastName User 0020',
    behaviour: {},
  },
  {
    phone: '+989120000021',
    demonstrates: 'sign-up where the code arrives in the app',
    flow: 'signup',
    outcome: 'send-code answers type authenticationCodeTypeTelegramMessage (the app shows an alert)',
    behaviour: { signupCodeTypes: ['app', 'sms'] },
  },
  // Validation outcomes (after the validation delay)
  {
    phone: '+12015550101',
    demonstrates: 'accepted, not limited',
    flow: 'both',
    outcome: 'accepted; validation success; limit not_limited; net = price',
    behaviour: { validations: [accepted()] },
  },
  {
    phone: '+12015550102',
    demonstrates: 'accepted, temporarily limited',
    flow: 'both',
    outcome: 'accepted; limit temporary_limited (no discount)',
    behaviour: { validations: [accepted({ limitStatus: 'temporary_limited' })] },
  },
  {
    phone: '+12015550103',
    demonstrates: 'accepted, permanently limited',
    flow: 'both',
    outcome: 'accepted; limit permanent_limited; limitDiscount 20; net = 80% of price',
    behaviour: { validations: [accepted({ limitStatus: 'permanent_limited', limitDiscount: 20 })] },
  },
  {
    phone: '+12015550104',
    demonstrates: 'accepted, limit unknown',
    flow: 'both',
    outcome: 'accepted; limit unknown',
    behaviour: { validations: [accepted({ limitStatus: 'unknown' })] },
  },
  {
    phone: '+12015550105',
    demonstrates: 'accepted, limit not checked',
    flow: 'both',
    outcome: 'accepted; checkLimitStatus false, limit stays pending (shown as temporary_limited)',
    behaviour: { validations: [accepted({ checkLimitStatus: false, limitStatus: 'pending' })] },
  },
  {
    phone: '+12015550106',
    demonstrates: 'review, then accepted',
    flow: 'both',
    outcome: 'validation review (multiple sessions), revalidated after 24 h: accepted',
    behaviour: { validations: [review, accepted()] },
  },
  {
    phone: '+12015550107',
    demonstrates: "review, then 'Multi Session'",
    flow: 'both',
    outcome: "validation review, revalidated after 24 h: rejected, failed 'Multi Session'",
    behaviour: { validations: [review, failed({ checkSingleAuthorization: false })] },
  },
  {
    phone: '+12015550108',
    demonstrates: "'2FA Failed'",
    flow: 'both',
    outcome: 'rejected; check2Fa false',
    behaviour: { validations: [failed({ check2Fa: false })] },
  },
  {
    phone: '+12015550109',
    demonstrates: "'Login Failed'",
    flow: 'both',
    outcome: 'rejected; checkAuthorization false',
    behaviour: { validations: [failed({ checkAuthorization: false })] },
  },
  {
    phone: '+12015550110',
    demonstrates: "'Connection Failed'",
    flow: 'both',
    outcome: 'rejected; checkConnection false',
    behaviour: { validations: [failed({ checkConnection: false })] },
  },
  {
    phone: '+12015550111',
    demonstrates: "'Used'",
    flow: 'both',
    outcome: 'rejected; checkChats false',
    behaviour: { validations: [failed({ checkChats: false })] },
  },
  {
    phone: '+12015550112',
    demonstrates: "'Frozen'",
    flow: 'both',
    outcome: 'rejected; checkFreeze true',
    behaviour: { validations: [failed({ checkFreeze: true })] },
  },
  {
    phone: '+12015550113',
    demonstrates: "'MF' (cannot send messages)",
    flow: 'both',
    outcome: 'rejected; checkSendMessage false',
    behaviour: { validations: [failed({ checkSendMessage: false })] },
  },
  {
    phone: '+12015550114',
    demonstrates: "'CF' (cannot add contacts)",
    flow: 'both',
    outcome: 'rejected; checkAddContact false',
    behaviour: { validations: [failed({ checkAddContact: false })] },
  },
  {
    phone: '+12015550115',
    demonstrates: "'Validation Failed' (no check identified)",
    flow: 'both',
    outcome: 'rejected; validation failed with every check passed',
    behaviour: { validations: [failed({})] },
  },
]

/** The behaviour of a number: its entries merged (the email rows share one number), or the ordinary one. */
export function behaviourOf(phone: string): ScenarioBehaviour {
  const rows = SANDBOX_SCENARIOS.filter((s) => s.phone === phone)
  return Object.assign({}, ...rows.map((r) => r.behaviour)) as ScenarioBehaviour
}

/** The table as GET /sandbox/scenarios answers it (contract SandboxScenarioSchema). */
export function publicScenarios() {
  return SANDBOX_SCENARIOS.map((s) => {
    const b = s.behaviour
    const reachesCode = b.sendError === undefined && b.refusedByOrders !== true
    const emailRow = s.email !== undefined
    return {
      phone: s.phone,
      demonstrates: s.demonstrates,
      code: reachesCode && !(emailRow && s.email !== SANDBOX_GOOD_EMAIL) ? SANDBOX_LOGIN_CODE : null,
      password: b.twoFactor ? SANDBOX_PASSWORD : null,
      email: s.email ?? null,
      outcome: s.outcome,
      flow: s.flow,
    }
  })
}
