/**
 * Email and password accounts (spec section 7, `/auth/*` calls other than Telegram's; docs/email-auth.md). They
 * live apart from Telegram authorization so that the first screen, which imports that module, never carries them.
 */
import * as z from 'zod/mini'
import { ReferralCodeSchema } from './auth.ts'
import { latinDigits } from './digits.ts'
import { LanguageSchema } from './locales.ts'
import { V } from './messages.ts'

const EmailSchema = z.pipe(
  z
    .string({ error: V.emailRequired })
    .check(z.trim(), z.minLength(1, { error: V.emailRequired }), z.maxLength(254, { error: V.emailInvalid })),
  z.email({ error: V.emailInvalid }),
)

/**
 * A new password: 6 to 128 characters (spec section 5's minimum and messages). The server also refuses the
 * commonest passwords (PASSWORD_TOO_COMMON: the list stays on the server, out of the mini-app's bundle).
 */
const PasswordSchema = z
  .string({ error: V.passwordRequired })
  .check(
    z.minLength(1, { error: V.passwordRequired }),
    z.minLength(6, { error: V.passwordMin }),
    z.maxLength(128, { error: V.passwordMax }),
  )

/** The password is the email, or its part before the @, in any case: the first guess anyone makes. */
export function passwordIsEmail(password: string, email: string): boolean {
  const address = email.trim().toLowerCase()
  const guess = password.trim().toLowerCase()
  return guess === address || guess === address.slice(0, address.lastIndexOf('@'))
}

/** Refuses a `field` password that is the body's email (passwordIsEmail); the issue lands on `field`. */
export function passwordNotEmail(field: 'password' | 'newPassword') {
  return z.refine(
    (value: unknown) => {
      const { [field]: password, email } = value as Record<string, unknown>
      return typeof password !== 'string' || typeof email !== 'string' || !passwordIsEmail(password, email)
    },
    { error: V.passwordIsEmail, path: [field] },
  )
}

/**
 * The language of the email a call sends (verification and reset codes): the mini-app's language. Optional;
 * without it the server reads `Accept-Language`, then falls back to English.
 */
const MailLanguageSchema = z.optional(LanguageSchema)

const AuthCodeSchema = z
  .string({ error: V.codeRequired })
  .check(
    latinDigits(),
    z.minLength(1, { error: V.codeRequired }),
    z.regex(/^\d{5}$/, { error: V.codeLength }),
  )

/** A password the user set before (login, a registration's proof): 'Invalid password' outside 6 to 128. */
export const KnownPasswordSchema = z
  .string({ error: V.passwordRequired })
  .check(
    z.minLength(1, { error: V.passwordRequired }),
    z.minLength(6, { error: V.loginPasswordInvalid }),
    z.maxLength(128, { error: V.loginPasswordInvalid }),
  )

export const LoginBodySchema = z.object({ email: EmailSchema, password: KnownPasswordSchema })
export type LoginBody = z.infer<typeof LoginBodySchema>

/** The retyped password must equal `field`; the issue lands on `passwordRetype`. */
function withRetype<T extends z.ZodMiniObject<{ passwordRetype: z.ZodMiniString<string> }>>(
  schema: T,
  field: 'password' | 'newPassword',
): T {
  return schema.check(
    z.refine((v) => (v as Record<string, unknown>)[field] === v.passwordRetype, {
      error: V.retypeMismatch,
      path: ['passwordRetype'],
    }),
  )
}

const RetypeSchema = z.string({ error: V.retypeRequired }).check(z.minLength(1, { error: V.retypeRequired }))

/**
 * Registration. Signed in through Telegram (bearer token): the email becomes a second way into that user. Without
 * a session the referral gate still holds: `referralCode` is required then, as for a new Telegram user.
 */
export const RegisterBodySchema = withRetype(
  z
    .object({
      email: EmailSchema,
      password: PasswordSchema,
      passwordRetype: RetypeSchema,
      referralCode: z.optional(ReferralCodeSchema),
      lng: MailLanguageSchema,
    })
    .check(passwordNotEmail('password')),
  'password',
)
export type RegisterBody = z.infer<typeof RegisterBodySchema>
/** 201: the registered email as the server keeps it (trimmed, lower case); the code is on its way there. */
export const RegisterResponseSchema = z.object({ email: z.string() })
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>

/** 204 answers (verification, reset): no body. */
export const NoContentSchema = z.null()

export const EmailVerificationRequestBodySchema = z.object({ email: EmailSchema, lng: MailLanguageSchema })
/**
 * The mailbox's code proves the address to whoever enters it, for their own registration (issue 37): signed in,
 * the bearer token names them; otherwise `password`, the one they registered with. Without either it proves
 * nothing (401).
 */
export const EmailVerificationConfirmBodySchema = z.object({
  code: AuthCodeSchema,
  email: EmailSchema,
  password: z.optional(KnownPasswordSchema),
})

export const PasswordResetRequestBodySchema = withRetype(
  z
    .object({
      email: EmailSchema,
      newPassword: PasswordSchema,
      passwordRetype: RetypeSchema,
      lng: MailLanguageSchema,
    })
    .check(passwordNotEmail('newPassword')),
  'newPassword',
)
/** POST /auth/login answers the same token pair as Telegram authorization. */
export { TokenPairSchema as LoginResponseSchema } from './session.ts'

export const PasswordResetConfirmBodySchema = z.object({
  code: AuthCodeSchema,
  email: EmailSchema,
  newPassword: PasswordSchema,
})
