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

export const PhoneSchema = z
  .string({ error: V.phoneRequired })
  .check(
    latinDigits(),
    z.trim(),
    z.minLength(1, { error: V.phoneRequired }),
    z.minLength(6, { error: V.phoneInvalid }),
    z.maxLength(16, { error: V.phoneInvalid }),
    z.regex(/^\+?\d+$/, { error: V.phoneInvalid }),
  )

export const SubmitAccountPhoneBodySchema = z.object({ phone: PhoneSchema, submitType: SubmitTypeSchema })
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
export const SendCodeBodySchema = z.object({ phoneNumber: PhoneSchema, purpose: z.literal('signup') })
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
