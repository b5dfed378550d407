import type { EmailVerificationRequestBodySchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { apiRequest } from '../../../lib/api-client.ts'
import { IgnoredAnswerSchema, type WithMailLanguage } from './email-auth-answers.ts'

export type EmailVerificationRequestBody = WithMailLanguage<
  z.infer<typeof EmailVerificationRequestBodySchema>
>

/** POST /auth/email-verification-request -> 204, and a new code is emailed. */
export function requestEmailVerification(body: EmailVerificationRequestBody) {
  return apiRequest('/auth/email-verification-request', {
    method: 'POST',
    body,
    schema: IgnoredAnswerSchema,
    auth: false,
  })
}

export function useRequestEmailVerification() {
  return useMutation({ mutationFn: requestEmailVerification })
}
