import { CodeStepResponseSchema, type SubmitAccountEmailCodeBodySchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { apiRequest } from '../../../lib/api-client.ts'

export type SubmitAccountEmailCodeBody = z.input<typeof SubmitAccountEmailCodeBodySchema>

/** POST /telegram/submit-account-email-code */
export function submitAccountEmailCode(body: SubmitAccountEmailCodeBody) {
  return apiRequest('/telegram/submit-account-email-code', {
    method: 'POST',
    body,
    schema: CodeStepResponseSchema,
  })
}

export function useSubmitAccountEmailCode() {
  return useMutation({ mutationFn: submitAccountEmailCode })
}
