import type { PasswordResetRequestBodySchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { apiRequest } from '../../../lib/api-client.ts'
import { IgnoredAnswerSchema, type WithMailLanguage } from './email-auth-answers.ts'

export type PasswordResetRequestBody = WithMailLanguage<z.infer<typeof PasswordResetRequestBodySchema>>

/** POST /auth/password-reset-request -> 204, and a code is emailed; the new password waits for it. */
export function requestPasswordReset(body: PasswordResetRequestBody) {
  return apiRequest('/auth/password-reset-request', {
    method: 'POST',
    body,
    schema: IgnoredAnswerSchema,
    auth: false,
  })
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}
