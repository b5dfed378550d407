import { emailAuthCalls, type PasswordResetRequestBodySchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'
import type { WithMailLanguage } from './email-auth-answers.ts'

export type PasswordResetRequestBody = WithMailLanguage<z.infer<typeof PasswordResetRequestBodySchema>>

/**
 * POST /auth/password-reset-request -> 204 for any address; a code goes to an account's, and the new password
 * waits for it.
 */
function requestPasswordReset(body: PasswordResetRequestBody) {
  return call(emailAuthCalls.requestPasswordReset, { body })
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}
