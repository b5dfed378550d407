import { z } from 'zod'
import { AccountSchema, SubmitTypeSchema } from './accounts.ts'
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
  .trim()
  .min(1, { error: V.phoneRequired })
  .min(6, { error: V.phoneInvalid })
  .max(16, { error: V.phoneInvalid })
  .regex(/^\+?\d+$/, { error: V.phoneInvalid })

export const SubmitAccountPhoneBodySchema = z.object({ phone: PhoneSchema, submitType: SubmitTypeSchema })
export type SubmitAccountPhoneBody = z.infer<typeof SubmitAccountPhoneBodySchema>

export const SentCodeInfoSchema = z.object({
  codeType: CodeTypeSchema,
  nextType: CodeTypeSchema.nullable(),
  /** Length of the code to enter, when known. */
  length: z.number().int().positive().nullable(),
  /** Seconds before the code may be resent. */
  timeout: z.number().int().nonnegative().nullable(),
})
export type SentCodeInfo = z.infer<typeof SentCodeInfoSchema>

export const SubmitAccountPhoneResponseSchema = z.object({
  sentCodeInfo: SentCodeInfoSchema,
  phone: z.string(),
})

const OtpSchema = z
  .string({ error: V.otpRequired })
  .trim()
  .min(1, { error: V.otpRequired })
  .max(16, { error: V.otpInvalid })
  .regex(/^\d+$/, { error: V.otpInvalid })

export const SubmitAccountCodeBodySchema = z.object({
  code: OtpSchema,
  /** 2FA password, when the account has one; passed to the provider, never stored. */
  password: z.string().max(256).optional(),
})
export const SubmitAccountPasswordBodySchema = z.object({
  password: z
    .string({ error: V.accountPasswordRequired })
    .min(1, { error: V.accountPasswordRequired })
    .max(256),
})
export const LoginEmailSchema = z
  .string({ error: V.loginEmailRequired })
  .trim()
  .min(1, { error: V.loginEmailRequired })
  .max(254, { error: V.emailInvalid })
  .pipe(z.email({ error: V.emailInvalid }))
export const SubmitAccountEmailBodySchema = z.object({ email: LoginEmailSchema })
const EmailCodeSchema = z
  .string({ error: V.verificationCodeRequired })
  .trim()
  .min(1, { error: V.verificationCodeRequired })
  .max(16, { error: V.verificationCodeInvalid })
  .regex(/^\d+$/, { error: V.verificationCodeInvalid })
export const SubmitAccountEmailCodeBodySchema = z.object({ code: EmailCodeSchema })

/** What the code screen needs after a phone, email-code or resend step. */
export const CodeStepResponseSchema = z.object({ sentCodeInfo: SentCodeInfoSchema, phone: z.string() })
export type CodeStepResponse = z.infer<typeof CodeStepResponseSchema>
/** After a login email is chosen: a code was sent to it. */
export const EmailCodeSentResponseSchema = z.object({
  email: z.string(),
  emailCode: z.object({ length: z.number().int().positive() }),
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
  code: z.string().nullable(),
  password: z.string().nullable(),
  email: z.string().nullable(),
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
  sentCode: z
    .object({
      type: z.object({ '@type': AuthCodeTypeNameSchema, length: z.number().int().positive().optional() }),
      nextType: z.object({ '@type': AuthCodeTypeNameSchema }).nullable().optional(),
      timeout: z.number().int().nonnegative().optional(),
    })
    .nullable(),
  sentEmailCode: z.object({ length: z.number().int().positive() }).nullable().optional(),
  emailVerifiedLogin: z.object({ sentCode: z.unknown() }).nullable().optional(),
})
export type AuthSession = z.infer<typeof AuthSessionSchema>

const SessionRefSchema = z.object({ sessionId: z.string().min(1).max(128), phoneNumber: PhoneSchema })
export const SendCodeBodySchema = z.object({ phoneNumber: PhoneSchema, purpose: z.literal('signup') })
export const SetupLoginEmailBodySchema = SessionRefSchema.extend({ email: LoginEmailSchema })
export const VerifyLoginEmailBodySchema = SessionRefSchema.extend({ code: EmailCodeSchema })
export const ResendSignupCodeBodySchema = SessionRefSchema
export const SignupBodySchema = SessionRefSchema.extend({ phoneCode: OtpSchema })
export const SignupResponseSchema = z.object({
  phoneNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
})
