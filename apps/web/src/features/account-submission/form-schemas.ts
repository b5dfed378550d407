import {
  LoginEmailSchema,
  PhoneSchema,
  SubmitAccountCodeBodySchema,
  SubmitAccountEmailCodeBodySchema,
  SubmitAccountPasswordBodySchema,
  V,
} from '@app/contract'
import * as z from 'zod/mini'
import type { CodeFormValues } from '#components/forms/code-entry-form.tsx'
import type { SingleFieldSchema } from './components/single-field-form.tsx'

/** The wizard's one-field forms, built from the contract's field schemas (messages are i18n keys). */
export const phoneFormSchema: SingleFieldSchema = z.object({ value: PhoneSchema })
export const emailFormSchema: SingleFieldSchema = z.object({ value: LoginEmailSchema })
export const passwordFormSchema: SingleFieldSchema = z.object({
  value: SubmitAccountPasswordBodySchema.shape.password,
})

/** OTP: exactly the length the sent code announced (spec section 5), when it announced one. */
export function otpFormSchema(
  length: number | null | undefined,
): z.ZodMiniType<CodeFormValues, CodeFormValues> {
  return z.object({
    code: SubmitAccountCodeBodySchema.shape.code.check(
      z.refine((code) => !length || code.length === length, { error: V.otpInvalid }),
    ),
  })
}

/** Email verification code: exactly the length of the email code. */
export function emailCodeFormSchema(length: number | null | undefined): SingleFieldSchema {
  return z.object({
    value: SubmitAccountEmailCodeBodySchema.shape.code.check(
      z.refine((code) => !length || code.length === length, { error: V.verificationCodeInvalid }),
    ),
  })
}
