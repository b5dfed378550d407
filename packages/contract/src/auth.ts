import { z } from 'zod'
import { V } from './messages.ts'

/** Referral codes: what `ops invite create` and referral links produce (letters, digits, `_` and `-`). */
export const ReferralCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{4,64}$/, { error: V.referralCodeInvalid })

export const TelegramAuthorizeBodySchema = z.object({
  /** The raw init data string exactly as Telegram passed it (never re-serialized). */
  initData: z.string({ error: V.initDataRequired }).min(1, { error: V.initDataRequired }).max(8192),
  referralCode: ReferralCodeSchema.optional(),
})
export type TelegramAuthorizeBody = z.infer<typeof TelegramAuthorizeBodySchema>

export const TokenPairSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
})
export type TokenPair = z.infer<typeof TokenPairSchema>

const EmailSchema = z
  .string({ error: V.emailRequired })
  .trim()
  .min(1, { error: V.emailRequired })
  .max(254, { error: V.emailInvalid })
  .pipe(z.email({ error: V.emailInvalid }))

const PasswordSchema = z
  .string({ error: V.passwordRequired })
  .min(1, { error: V.passwordRequired })
  .min(6, { error: V.passwordMin })
  .max(128)

const AuthCodeSchema = z
  .string({ error: V.codeRequired })
  .min(1, { error: V.codeRequired })
  .regex(/^\d{5}$/, { error: V.codeLength })

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: V.passwordRequired })
    .min(1, { error: V.passwordRequired })
    .min(6, { error: V.loginPasswordInvalid })
    .max(128),
})
export type LoginBody = z.infer<typeof LoginBodySchema>

function withRetype<T extends z.ZodObject<{ passwordRetype: z.ZodString }>>(
  schema: T,
  field: 'password' | 'newPassword',
) {
  return schema.refine((v) => (v as Record<string, unknown>)[field] === v.passwordRetype, {
    error: V.retypeMismatch,
    path: ['passwordRetype'],
  })
}

const RetypeSchema = z.string({ error: V.retypeRequired }).min(1, { error: V.retypeRequired })

export const RegisterBodySchema = withRetype(
  z.object({ email: EmailSchema, password: PasswordSchema, passwordRetype: RetypeSchema }),
  'password',
)
export type RegisterBody = z.infer<typeof RegisterBodySchema>

export const EmailVerificationRequestBodySchema = z.object({ email: EmailSchema })
export const EmailVerificationConfirmBodySchema = z.object({ code: AuthCodeSchema, email: EmailSchema })

export const PasswordResetRequestBodySchema = withRetype(
  z.object({ email: EmailSchema, newPassword: PasswordSchema, passwordRetype: RetypeSchema }),
  'newPassword',
)
export const PasswordResetConfirmBodySchema = z.object({
  code: AuthCodeSchema,
  email: EmailSchema,
  newPassword: PasswordSchema,
})
