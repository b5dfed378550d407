import { type EmailVerificationConfirmBodySchema, emailAuthCalls } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { call } from '../../../lib/api-client.ts'

export type EmailVerificationConfirmBody = z.infer<typeof EmailVerificationConfirmBodySchema>

/**
 * POST /auth/email-verification-confirm -> 204: the email can sign in. Signed in, the call carries the bearer
 * token: an email registered while signed in through Telegram is proven by that user only (docs/email-auth.md).
 */
export function confirmEmailVerification(body: EmailVerificationConfirmBody) {
  return call(emailAuthCalls.confirmVerification, { body })
}

export function useConfirmEmailVerification() {
  return useMutation({ mutationFn: confirmEmailVerification })
}
