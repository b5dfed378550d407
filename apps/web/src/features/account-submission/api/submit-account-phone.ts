import { type SubmitAccountPhoneBodySchema, SubmitAccountPhoneResponseSchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { apiRequest } from '../../../lib/api-client.ts'

export type SubmitAccountPhoneBody = z.input<typeof SubmitAccountPhoneBodySchema>

/** POST /telegram/submit-account-phone */
export function submitAccountPhone(body: SubmitAccountPhoneBody) {
  return apiRequest('/telegram/submit-account-phone', {
    method: 'POST',
    body,
    schema: SubmitAccountPhoneResponseSchema,
  })
}

export function useSubmitAccountPhone() {
  return useMutation({ mutationFn: submitAccountPhone })
}
