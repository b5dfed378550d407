import type { EmailVerificationConfirmBodySchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { apiRequest } from '../../../lib/api-client.ts'
import { IgnoredAnswerSchema } from './email-auth-answers.ts'

export type EmailVerificationConfirmBody = z.infer<typeof EmailVerificationConfirmBodySchema>

/** POST /auth/email-verification-confirm -> 204: the email can sign in. */
export function confirmEmailVerification(body: EmailVerificationConfirmBody) {
  return apiRequest('/auth/email-verification-confirm', {
    method: 'POST',
    body,
    schema: IgnoredAnswerSchema,
    auth: false,
  })
}

export function useConfirmEmailVerification() {
  return useMutation({ mutationFn: confirmEmailVerification })
}
