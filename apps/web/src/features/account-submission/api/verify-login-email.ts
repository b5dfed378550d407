import { submissionCalls, type VerifyLoginEmailBodySchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'

export type VerifyLoginEmailBody = z.input<typeof VerifyLoginEmailBodySchema>

/** POST /telegram/auth/verify-login-email */
function verifyLoginEmail(body: VerifyLoginEmailBody) {
  return call(submissionCalls.verifyLoginEmail, { body })
}

export function useVerifyLoginEmail() {
  return useMutation({ mutationFn: verifyLoginEmail })
}
