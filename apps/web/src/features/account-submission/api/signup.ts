import { type SignupBodySchema, SignupResponseSchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { apiRequest } from '../../../lib/api-client.ts'

export type SignupBody = z.input<typeof SignupBodySchema>

/** POST /telegram/auth/signup */
export function signup(body: SignupBody) {
  return apiRequest('/telegram/auth/signup', { method: 'POST', body, schema: SignupResponseSchema })
}

export function useSignup() {
  return useMutation({ mutationFn: signup })
}
