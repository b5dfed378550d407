import { AuthSessionSchema, type SendCodeBodySchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { apiRequest } from '../../../lib/api-client.ts'

export type SendSignupCodeBody = z.input<typeof SendCodeBodySchema>

/** POST /telegram/auth/send-code */
export function sendSignupCode(body: SendSignupCodeBody) {
  return apiRequest('/telegram/auth/send-code', { method: 'POST', body, schema: AuthSessionSchema })
}

export function useSendSignupCode() {
  return useMutation({ mutationFn: sendSignupCode })
}
