import { type ResendSignupCodeBodySchema, submissionCalls } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'

export type ResendSignupCodeBody = z.input<typeof ResendSignupCodeBodySchema>

/** POST /telegram/auth/resend-code */
function resendSignupCode(body: ResendSignupCodeBody) {
  return call(submissionCalls.resendSignupCode, { body })
}

export function useResendSignupCode() {
  return useMutation({ mutationFn: resendSignupCode })
}
