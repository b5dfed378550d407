import { type EmailVerificationRequestBodySchema, emailAuthCalls } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'
import type { WithMailLanguage } from './email-auth-answers.ts'

export type EmailVerificationRequestBody = WithMailLanguage<
  z.infer<typeof EmailVerificationRequestBodySchema>
>

/** POST /auth/email-verification-request -> 204 for any address; a new code goes to one waiting for it. */
function requestEmailVerification(body: EmailVerificationRequestBody) {
  return call(emailAuthCalls.requestVerification, { body })
}

export function useRequestEmailVerification() {
  return useMutation({ mutationFn: requestEmailVerification })
}
