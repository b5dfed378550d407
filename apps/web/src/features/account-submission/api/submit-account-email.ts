import { type SubmitAccountEmailBodySchema, submissionCalls } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'

export type SubmitAccountEmailBody = z.input<typeof SubmitAccountEmailBodySchema>

/** POST /telegram/submit-account-email */
function submitAccountEmail(body: SubmitAccountEmailBody) {
  return call(submissionCalls.submitEmail, { body })
}

export function useSubmitAccountEmail() {
  return useMutation({ mutationFn: submitAccountEmail })
}
