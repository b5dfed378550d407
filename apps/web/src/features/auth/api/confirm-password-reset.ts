import { emailAuthCalls, type PasswordResetConfirmBodySchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'

export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBodySchema>

/** POST /auth/password-reset-confirm -> 204: the new password is the password. */
function confirmPasswordReset(body: PasswordResetConfirmBody) {
  return call(emailAuthCalls.confirmPasswordReset, { body })
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset })
}
