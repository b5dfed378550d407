import { type SignupBodySchema, submissionCalls } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'

export type SignupBody = z.input<typeof SignupBodySchema>

/** POST /telegram/auth/signup */
function signup(body: SignupBody) {
  return call(submissionCalls.signup, { body })
}

export function useSignup() {
  return useMutation({ mutationFn: signup })
}
