import * as z from 'zod/mini'
import { AccountSchema, SubmitTypeSchema } from './accounts.ts'
import { latinDigits } from './digits.ts'
import { V } from './messages.ts'

/** How a login code was delivered, or what must happen before one can be. */
export const CodeTypeSchema = z.enum([
  'app',
  'sms',
  'call',
  'flash_call',
  'missed_call',
  'email',
  'setup_email_required',
])
export type CodeType = z.infer<typeof CodeTypeSchema>

/** Marks a number copied out of a right-to-left text carries (bidi isolates, embeddings and marks). */
const BIDI_MARKS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g
/** What people type between a number's digits: spaces, dashes, dots and brackets. */
const PHONE_PUNCTUATION = /[\s\u2010-\u2015().-]/g

/** The digits of a phone number as typed ('+98 (912) 000-0001' -> '989120000001'). */
export const phoneDigits = (text: string) => text.replace(/\D/g, '')

/**
 * A phone number as people type it: an optional leading '+', digits, and spaces, dashes, dots or brackets between
 * them ('+98 912 000 0001', '0912-000-0001', '(201) 555-0101'). The spec's 6 to 16 counts the digits. The server
 * parses the text with the country the user picked (`PhoneCountrySchema`); the form only checks this shape.
 */
export const PhoneSchema = z.string({ error: V.phoneRequired }).check(
  latinDigits(),
  z.overwrite((text) => text.replace(BIDI_MARKS, '')),
  z.trim(),
  z.minLength(1, { error: V.phoneRequired }),
  z.maxLength(32, { error: V.phoneInvalid }),
  z.refine(
    (text) => {
      const digits = phoneDigits(text).length
      return /^\+?\d+$/.test(text.replace(PHONE_PUNCTUATION, '')) && digits >= 6 && digits <= 16
    },
    { error: V.phoneInvalid },
  ),
)

/**
 * The country a number typed without its country code belongs to (ISO 3166-1 alpha-2, 'IR'): the user's pick,
 * which the server remembers for them (`Dashboard.user.phoneCountry`). The server refuses a code libphonenumber
 * does not know.
 */
export const PhoneCountrySchema = z.string().check(z.regex(/^[A-Z]{2}$/))

export const SubmitAccountPhoneBodySchema = z.object({
  phone: PhoneSchema,
  /** Omitted: the country the user picked last (or their language's: IR for Persian), else none. */
  country: z.optional(PhoneCountrySchema),
  submitType: SubmitTypeSchema,
})
export type SubmitAccountPhoneBody = z.infer<typeof SubmitAccountPhoneBodySchema>

const PositiveIntSchema = z.int().check(z.positive())
const NonNegativeIntSchema = z.int().check(z.nonnegative())

export const SentCodeInfoSchema = z.object({
  codeType: CodeTypeSchema,
  nextType: z.nullable(CodeTypeSchema),
  /** Length of the code to enter, when known. */
  length: z.nullable(PositiveIntSchema),
  /** Seconds before the code may be resent. */
  timeout: z.nullable(NonNegativeIntSchema),
})
export type SentCodeInfo = z.infer<typeof SentCodeInfoSchema>

/** The number a code was sent to: E.164 to send back, and the international format the account lists show. */
const CodeSentToSchema = {
  phone: z.string(),
  /** '+98 912 000 0001', as `Account.formattedPhone`, so the code screen and the lists read the same. */
  formattedPhone: z.string(),
}

export const SubmitAccountPhoneResponseSchema = z.object({
  sentCodeInfo: SentCodeInfoSchema,
  ...CodeSentToSchema,
})

const OtpSchema = z
  .string({ error: V.otpRequired })
  .check(
    latinDigits(),
    z.trim(),
    z.minLength(1, { error: V.otpRequired }),
    z.maxLength(16, { error: V.otpInvalid }),
    z.regex(/^\d+$/, { error: V.otpInvalid }),
  )

export const SubmitAccountCodeBodySchema = z.object({
  code: OtpSchema,
  /** 2FA password, when the account has one; passed to the provider, never stored. */
  password: z.optional(z.string().check(z.maxLength(256))),
})
export const SubmitAccountPasswordBodySchema = z.object({
  password: z
    .string({ error: V.accountPasswordRequired })
    .check(z.minLength(1, { error: V.accountPasswordRequired }), z.maxLength(256)),
})
export const LoginEmailSchema = z.pipe(
  z
    .string({ error: V.loginEmailRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: V.loginEmailRequired }),
      z.maxLength(254, { error: V.emailInvalid }),
    ),
  z.email({ error: V.emailInvalid }),
)
export const SubmitAccountEmailBodySchema = z.object({ email: LoginEmailSchema })
const EmailCodeSchema = z
  .string({ error: V.verificationCodeRequired })
  .check(
    latinDigits(),
    z.trim(),
    z.minLength(1, { error: V.verificationCodeRequired }),
    z.maxLength(16, { error: V.verificationCodeInvalid }),
    z.regex(/^\d+$/, { error: V.verificationCodeInvalid }),
  )
export const SubmitAccountEmailCodeBodySchema = z.object({ code: EmailCodeSchema })

/** What the code screen needs after a phone, email-code or resend step. */
export const CodeStepResponseSchema = z.object({ sentCodeInfo: SentCodeInfoSchema, ...CodeSentToSchema })
export type CodeStepResponse = z.infer<typeof CodeStepResponseSchema>
/** After a login email is chosen: a code was sent to it. */
export const EmailCodeSentResponseSchema = z.object({
  email: z.string(),
  emailCode: z.object({ length: PositiveIntSchema }),
})
/**
 * After a correct code (and password, when the account has one): the account can be submitted with
 * POST /telegram/submit-account. A code for an account with 2FA answers 303 PASSWORD_REQUIRED instead.
 */
export const ReadyToSubmitResponseSchema = z.object({ ready: z.literal(true) })
export const SubmitAccountResponseSchema = AccountSchema

/** One row of the sandbox provider's table (GET /sandbox/scenarios): what a phone number demonstrates. */
export const SandboxScenarioSchema = z.object({
  phone: z.string(),
  demonstrates: z.string(),
  /** The login code to enter, when the flow reaches a code. */
  code: z.nullable(z.string()),
  password: z.nullable(z.string()),
  email: z.nullable(z.string()),
  /** What happens: an error status and code, or the validation result. */
  outcome: z.string(),
  flow: z.enum(['login', 'signup', 'both']),
})
export const SandboxScenariosSchema = z.array(SandboxScenarioSchema)

// Sign-up (register a new account): names follow the provider's session shape (spec section 3).
export const AuthCodeTypeNameSchema = z.enum([
  'authenticationCodeTypeTelegramMessage',
  'authenticationCodeTypeSms',
  'authenticationCodeTypeCall',
  'authenticationCodeTypeFlashCall',
  'authenticationCodeTypeMissedCall',
  'authenticationCodeTypeSetUpEmailRequired',
])
export const AuthSessionSchema = z.object({
  sessionId: z.string(),
  phoneNumber: z.string(),
  /** The same number as the lists show it ('+98 912 000 0001'), for the sign-up code screen. */
  formattedPhone: z.string(),
  sentCode: z.nullable(
    z.object({
      type: z.object({ '@type': AuthCodeTypeNameSchema, length: z.optional(PositiveIntSchema) }),
      nextType: z.optional(z.nullable(z.object({ '@type': AuthCodeTypeNameSchema }))),
      timeout: z.optional(NonNegativeIntSchema),
    }),
  ),
  sentEmailCode: z.optional(z.nullable(z.object({ length: PositiveIntSchema }))),
  emailVerifiedLogin: z.optional(z.nullable(z.object({ sentCode: z.unknown() }))),
})
export type AuthSession = z.infer<typeof AuthSessionSchema>

/** The provider's sign-up session every later step names. */
const SessionIdSchema = z.string().check(z.minLength(1), z.maxLength(128))
export const SendCodeBodySchema = z.object({
  phoneNumber: PhoneSchema,
  country: z.optional(PhoneCountrySchema),
  purpose: z.literal('signup'),
})
export const SetupLoginEmailBodySchema = z.object({
  sessionId: SessionIdSchema,
  phoneNumber: PhoneSchema,
  email: LoginEmailSchema,
})
export const VerifyLoginEmailBodySchema = z.object({
  sessionId: SessionIdSchema,
  phoneNumber: PhoneSchema,
  code: EmailCodeSchema,
})
export const ResendSignupCodeBodySchema = z.object({ sessionId: SessionIdSchema, phoneNumber: PhoneSchema })
export const SignupBodySchema = z.object({
  sessionId: SessionIdSchema,
  phoneNumber: PhoneSchema,
  phoneCode: OtpSchema,
})
export const SignupResponseSchema = z.object({
  phoneNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
})
