import type { EmailVerificationConfirmBodySchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { apiRequest } from '../../../lib/api-client.ts'
import { IgnoredAnswerSchema } from './email-auth-answers.ts'

export type EmailVerificationConfirmBody = z.infer<typeof EmailVerificationConfirmBodySchema>

/**
 * POST /auth/email-verification-confirm -> 204: the email can sign in. Signed in, the call carries the bearer
 * token: an email registered while signed in through Telegram is proven by that user only (docs/email-auth.md).
 */
export function confirmEmailVerification(body: EmailVerificationConfirmBody) {
  return apiRequest('/auth/email-verification-confirm', {
    method: 'POST',
    body,
    schema: IgnoredAnswerSchema,
  })
}

export function useConfirmEmailVerification() {
  return useMutation({ mutationFn: confirmEmailVerification })
}
