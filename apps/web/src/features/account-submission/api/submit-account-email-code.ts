import { type SubmitAccountEmailCodeBodySchema, submissionCalls } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'

export type SubmitAccountEmailCodeBody = z.input<typeof SubmitAccountEmailCodeBodySchema>

/** POST /telegram/submit-account-email-code */
function submitAccountEmailCode(body: SubmitAccountEmailCodeBody) {
  return call(submissionCalls.submitEmailCode, { body })
}

export function useSubmitAccountEmailCode() {
  return useMutation({ mutationFn: submitAccountEmailCode })
}
