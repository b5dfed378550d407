import { type SendCodeBodySchema, submissionCalls } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'

export type SendSignupCodeBody = z.input<typeof SendCodeBodySchema>

/** POST /telegram/auth/send-code */
function sendSignupCode(body: SendSignupCodeBody) {
  return call(submissionCalls.sendSignupCode, { body })
}

export function useSendSignupCode() {
  return useMutation({ mutationFn: sendSignupCode })
}
