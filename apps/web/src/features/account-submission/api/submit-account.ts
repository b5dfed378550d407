import { SubmitAccountResponseSchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** POST /telegram/submit-account (no body: the server keeps the flow) */
export function submitAccount() {
  return apiRequest('/telegram/submit-account', { method: 'POST', schema: SubmitAccountResponseSchema })
}

export function useSubmitAccount() {
  return useMutation({ mutationFn: submitAccount })
}
