import { submissionCalls } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '#lib/api-client.ts'

/** POST /telegram/submit-account (no body: the server keeps the flow) */
function submitAccount() {
  return call(submissionCalls.submitAccount)
}

export function useSubmitAccount() {
  return useMutation({ mutationFn: submitAccount })
}
