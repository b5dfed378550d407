import { AuthSessionSchema, type SetupLoginEmailBodySchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { apiRequest } from '../../../lib/api-client.ts'

export type SetupLoginEmailBody = z.input<typeof SetupLoginEmailBodySchema>

/** POST /telegram/auth/setup-login-email */
export function setupLoginEmail(body: SetupLoginEmailBody) {
  return apiRequest('/telegram/auth/setup-login-email', { method: 'POST', body, schema: AuthSessionSchema })
}

export function useSetupLoginEmail() {
  return useMutation({ mutationFn: setupLoginEmail })
}
