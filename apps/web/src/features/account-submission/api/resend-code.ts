import { CodeStepResponseSchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** POST /telegram/resend-code (no body: the server keeps the flow) */
export function resendCode() {
  return apiRequest('/telegram/resend-code', { method: 'POST', schema: CodeStepResponseSchema })
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode })
}
