import { type SubmitAccountPhoneBodySchema, submissionCalls } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'

export type SubmitAccountPhoneBody = z.input<typeof SubmitAccountPhoneBodySchema>

/** POST /telegram/submit-account-phone */
function submitAccountPhone(body: SubmitAccountPhoneBody) {
  return call(submissionCalls.submitPhone, { body })
}

export function useSubmitAccountPhone() {
  return useMutation({ mutationFn: submitAccountPhone })
}
