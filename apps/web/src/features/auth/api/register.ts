import { emailAuthCalls, type RegisterBody } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '#lib/api-client.ts'
import type { WithMailLanguage } from './email-auth-answers.ts'

export type RegisterVariables = {
  body: WithMailLanguage<RegisterBody>
  /** Signed in through Telegram: the bearer token binds the email to that user (no referral code then). */
  withSession: boolean
}

/** POST /auth/register -> 201, and a verification code is emailed. */
function register({ body, withSession }: RegisterVariables) {
  return call(emailAuthCalls.register, { body }, { auth: withSession })
}

export function useRegister() {
  return useMutation({ mutationFn: register })
}
