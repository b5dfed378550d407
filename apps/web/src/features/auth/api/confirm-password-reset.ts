import type { PasswordResetConfirmBodySchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { apiRequest } from '../../../lib/api-client.ts'
import { IgnoredAnswerSchema } from './email-auth-answers.ts'

export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBodySchema>

/** POST /auth/password-reset-confirm -> 204: the new password is the password. */
export function confirmPasswordReset(body: PasswordResetConfirmBody) {
  return apiRequest('/auth/password-reset-confirm', {
    method: 'POST',
    body,
    schema: IgnoredAnswerSchema,
    auth: false,
  })
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset })
}
