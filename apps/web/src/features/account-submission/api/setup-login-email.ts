import { type SetupLoginEmailBodySchema, submissionCalls } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'

export type SetupLoginEmailBody = z.input<typeof SetupLoginEmailBodySchema>

/** POST /telegram/auth/setup-login-email */
function setupLoginEmail(body: SetupLoginEmailBody) {
  return call(submissionCalls.setupLoginEmail, { body })
}

export function useSetupLoginEmail() {
  return useMutation({ mutationFn: setupLoginEmail })
}
