import { type SubmitAccountCodeBodySchema, submissionCalls } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'

export type SubmitAccountCodeBody = z.input<typeof SubmitAccountCodeBodySchema>

/** POST /telegram/submit-account-code */
function submitAccountCode(body: SubmitAccountCodeBody) {
  return call(submissionCalls.submitCode, { body })
}

export function useSubmitAccountCode() {
  return useMutation({ mutationFn: submitAccountCode })
}
