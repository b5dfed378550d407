import { type SubmitAccountPasswordBodySchema, submissionCalls } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'

export type SubmitAccountPasswordBody = z.input<typeof SubmitAccountPasswordBodySchema>

/** POST /telegram/submit-account-password */
function submitAccountPassword(body: SubmitAccountPasswordBody) {
  return call(submissionCalls.submitPassword, { body })
}

export function useSubmitAccountPassword() {
  return useMutation({ mutationFn: submitAccountPassword })
}
