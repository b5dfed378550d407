import { submissionCalls } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '#lib/api-client.ts'

/** POST /telegram/resend-code (no body: the server keeps the flow) */
function resendCode() {
  return call(submissionCalls.resendCode)
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode })
}
