import { AuthSessionSchema, type ResendSignupCodeBodySchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { apiRequest } from '../../../lib/api-client.ts'

export type ResendSignupCodeBody = z.input<typeof ResendSignupCodeBodySchema>

/** POST /telegram/auth/resend-code */
export function resendSignupCode(body: ResendSignupCodeBody) {
  return apiRequest('/telegram/auth/resend-code', { method: 'POST', body, schema: AuthSessionSchema })
}

export function useResendSignupCode() {
  return useMutation({ mutationFn: resendSignupCode })
}
