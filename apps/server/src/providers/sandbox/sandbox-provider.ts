/**
 * The sandbox account provider: deterministic, in-process, driven by the phone number through the
 * table in `scenarios.ts`. It keeps no state (a flow may continue on another server process): its
 * session handle is derived from the phone, and the code types of a flow come back as arguments.
 * It simulates the provider; it never contacts a messaging network.
 */
import type { CodeType } from '@app/contract'
import {
  type AccountProvider,
  type CodePurpose,
  ProviderError,
  type SentCode,
  type ValidationOutcome,
} from '../account-provider.ts'
import {
  behaviourOf,
  DEFAULT_LOGIN_CODE_TYPES,
  DEFAULT_SIGNUP_CODE_TYPES,
  ORDINARY_OUTCOME,
  SANDBOX_ALLOWED_EMAIL_DOMAINS,
  SANDBOX_EMAIL_CODE,
  SANDBOX_EMAIL_FLOOD_WAIT,
  SANDBOX_FLOOD_EMAIL,
  SANDBOX_LOGIN_CODE,
  SANDBOX_PASSWORD,
  SANDBOX_REFUSED_EMAIL,
  SANDBOX_RESEND_TIMEOUT,
} from './scenarios.ts'

function codeTypesOf(phone: string, purpose: CodePurpose): readonly CodeType[] {
  const b = behaviourOf(phone)
  return purpose === 'signup'
    ? (b.signupCodeTypes ?? DEFAULT_SIGNUP_CODE_TYPES)
    : (b.codeTypes ?? DEFAULT_LOGIN_CODE_TYPES)
}

function sentCode(phone: string, purpose: CodePurpose, index: number): SentCode {
  const types = codeTypesOf(phone, purpose)
  const codeType = types[index] ?? types[0] ?? 'sms'
  return {
    session: `sandbox:${purpose}:${phone}`,
    codeType,
    nextType: types[index + 1] ?? null,
    length: SANDBOX_LOGIN_CODE.length,
    timeout: types[index + 1] === undefined ? null : SANDBOX_RESEND_TIMEOUT,
  }
}

function checkCode(code: string): void {
  if (code !== SANDBOX_LOGIN_CODE) throw new ProviderError('invalid_code')
}

export function createSandboxProvider(): AccountProvider {
  return {
    name: 'sandbox',

    async sendCode({ phone, purpose }) {
      const b = behaviourOf(phone)
      if (b.sendError) throw new ProviderError(b.sendError.kind, { waitSeconds: b.sendError.waitSeconds })
      if (b.failsUnexpectedly) throw new Error('sandbox: the provider failed unexpectedly')
      if (b.emailRequired) {
        return {
          session: `sandbox:${purpose}:${phone}`,
          codeType: 'setup_email_required',
          nextType: null,
          length: null,
          timeout: null,
        }
      }
      return sentCode(phone, purpose, 0)
    },

    async resendCode({ phone, purpose, codeType, nextType }) {
      const b = behaviourOf(phone)
      if (b.resendUnavailable) throw new ProviderError('unavailable')
      if (nextType === null) throw new ProviderError('no_next_code_type')
      const types = codeTypesOf(phone, purpose)
      // After an email-verified login the code came by SMS, which may not be in the list.
      const current = types.indexOf(codeType)
      const next = types.indexOf(nextType, current + 1)
      if (next < 0) throw new ProviderError('no_next_code_type')
      return sentCode(phone, purpose, next)
    },

    async setupLoginEmail({ email }) {
      const [, domain = ''] = email.toLowerCase().split('@')
      if (!SANDBOX_ALLOWED_EMAIL_DOMAINS.includes(domain)) {
        throw new ProviderError('email_domain_not_acceptable', {
          allowedDomains: SANDBOX_ALLOWED_EMAIL_DOMAINS,
        })
      }
      if (email.toLowerCase() === SANDBOX_REFUSED_EMAIL) throw new ProviderError('email_invalid')
      if (email.toLowerCase() === SANDBOX_FLOOD_EMAIL) {
        throw new ProviderError('email_flood', { waitSeconds: SANDBOX_EMAIL_FLOOD_WAIT })
      }
      return { emailCodeLength: SANDBOX_EMAIL_CODE.length }
    },

    async verifyLoginEmail({ phone, purpose, code }) {
      if (code !== SANDBOX_EMAIL_CODE) throw new ProviderError('invalid_code')
      // The login code now goes by SMS; a call is offered after it.
      return {
        session: `sandbox:${purpose}:${phone}`,
        codeType: 'sms',
        nextType: 'call',
        length: SANDBOX_LOGIN_CODE.length,
        timeout: SANDBOX_RESEND_TIMEOUT,
      }
    },

    async submitCode({ phone, code }) {
      checkCode(code)
      return behaviourOf(phone).twoFactor ? { status: 'password_required' } : { status: 'ok' }
    },

    async submitPassword({ password }) {
      if (password !== SANDBOX_PASSWORD) throw new ProviderError('invalid_password')
    },

    async signUp({ phone, code }) {
      checkCode(code)
      return { firstName: 'Sandbox', lastName: `User ${phone.slice(-4)}` }
    },

    async validate({ phone, attempt }): Promise<ValidationOutcome> {
      const outcomes = behaviourOf(phone).validations ?? [ORDINARY_OUTCOME]
      return outcomes[Math.min(attempt, outcomes.length - 1)] ?? ORDINARY_OUTCOME
    },
  }
}
