import { type EmailVerificationConfirmBodySchema, emailAuthCalls } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'

export type EmailVerificationConfirmBody = z.infer<typeof EmailVerificationConfirmBodySchema>

/**
 * POST /auth/email-verification-confirm -> 204: the email can sign in. The code proves the registration of whoever
 * enters it (docs/email-auth.md): signed in, the call carries the bearer token (a registration made while signed
 * in through Telegram is proven by that user only); otherwise the body carries the password registered with.
 */
function confirmEmailVerification(body: EmailVerificationConfirmBody) {
  return call(emailAuthCalls.confirmVerification, { body })
}

export function useConfirmEmailVerification() {
  return useMutation({ mutationFn: confirmEmailVerification })
}
