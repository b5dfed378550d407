import { EmailCodeSentResponseSchema, type SubmitAccountEmailBodySchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { apiRequest } from '../../../lib/api-client.ts'

export type SubmitAccountEmailBody = z.input<typeof SubmitAccountEmailBodySchema>

/** POST /telegram/submit-account-email */
export function submitAccountEmail(body: SubmitAccountEmailBody) {
  return apiRequest('/telegram/submit-account-email', {
    method: 'POST',
    body,
    schema: EmailCodeSentResponseSchema,
  })
}

export function useSubmitAccountEmail() {
  return useMutation({ mutationFn: submitAccountEmail })
}
