import { ReadyToSubmitResponseSchema, type SubmitAccountPasswordBodySchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { apiRequest } from '../../../lib/api-client.ts'

export type SubmitAccountPasswordBody = z.input<typeof SubmitAccountPasswordBodySchema>

/** POST /telegram/submit-account-password */
export function submitAccountPassword(body: SubmitAccountPasswordBody) {
  return apiRequest('/telegram/submit-account-password', {
    method: 'POST',
    body,
    schema: ReadyToSubmitResponseSchema,
  })
}

export function useSubmitAccountPassword() {
  return useMutation({ mutationFn: submitAccountPassword })
}
