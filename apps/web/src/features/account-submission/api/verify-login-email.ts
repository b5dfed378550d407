import { AuthSessionSchema, type VerifyLoginEmailBodySchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { apiRequest } from '../../../lib/api-client.ts'

export type VerifyLoginEmailBody = z.input<typeof VerifyLoginEmailBodySchema>

/** POST /telegram/auth/verify-login-email */
export function verifyLoginEmail(body: VerifyLoginEmailBody) {
  return apiRequest('/telegram/auth/verify-login-email', { method: 'POST', body, schema: AuthSessionSchema })
}

export function useVerifyLoginEmail() {
  return useMutation({ mutationFn: verifyLoginEmail })
}
