import { ReadyToSubmitResponseSchema, type SubmitAccountCodeBodySchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { apiRequest } from '../../../lib/api-client.ts'

export type SubmitAccountCodeBody = z.input<typeof SubmitAccountCodeBodySchema>

/** POST /telegram/submit-account-code */
export function submitAccountCode(body: SubmitAccountCodeBody) {
  return apiRequest('/telegram/submit-account-code', {
    method: 'POST',
    body,
    schema: ReadyToSubmitResponseSchema,
  })
}

export function useSubmitAccountCode() {
  return useMutation({ mutationFn: submitAccountCode })
}
