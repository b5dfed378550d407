import {
  EmailVerificationConfirmBodySchema,
  KnownPasswordSchema,
  LoginBodySchema,
  PasswordResetConfirmBodySchema,
  PasswordResetRequestBodySchema,
  passwordNotEmail,
  ReferralCodeSchema,
  RegisterBodySchema,
  V,
} from '@app/contract'
import * as z from 'zod/mini'
import type { CodeFormValues } from '#components/forms/code-entry-form.tsx'

/*
 * The email sign-in forms validate with the contract's own bodies, so the client refuses what the server would,
 * with the spec's messages (section 5; the contract's messages are common-namespace i18n keys).
 */

export type LoginFormValues = { email: string; password: string }
export const loginFormSchema = LoginBodySchema

export type RegisterFormValues = {
  email: string
  password: string
  passwordRetype: string
  referralCode: string
}

/**
 * Without a Telegram session the referral gate needs a code (spec: access only through a referral link), so
 * the field is required there; signed in through Telegram the field is not shown and nothing is sent.
 */
export function registerFormSchema(askReferralCode: boolean) {
  const { email, password, passwordRetype } = RegisterBodySchema.shape
  return z
    .object({
      email,
      password,
      passwordRetype,
      referralCode: askReferralCode
        ? z.pipe(
            z.string().check(z.trim(), z.minLength(1, { error: 'auth.register.referralRequired' })),
            ReferralCodeSchema,
          )
        : z.pipe(
            z.string(),
            z.transform(() => undefined),
          ),
    })
    .check(
      passwordNotEmail('password'),
      z.refine((values) => values.password === values.passwordRetype, {
        error: V.retypeMismatch,
        path: ['passwordRetype'],
      }),
    )
}

export type PasswordResetRequestFormValues = { email: string; newPassword: string; passwordRetype: string }
export const passwordResetRequestFormSchema = PasswordResetRequestBodySchema

type CodeSchema = z.ZodMiniType<CodeFormValues, CodeFormValues>

/**
 * The verification code; and the email and the registration's password too when the screen does not know them
 * (opened without navigation state; the password is not asked with a Telegram session, which proves instead).
 */
export function emailVerificationFormSchema(ask: { email: boolean; password: boolean }): CodeSchema {
  const { code, email } = EmailVerificationConfirmBodySchema.shape
  const shape = {
    code,
    ...(ask.email ? { email } : {}),
    ...(ask.password ? { password: KnownPasswordSchema } : {}),
  }
  return z.object(shape) as unknown as CodeSchema
}

export const passwordResetCodeFormSchema: CodeSchema = z.object({
  code: PasswordResetConfirmBodySchema.shape.code,
})
