import { emailAuthCalls, type LoginBody } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '#lib/api-client.ts'
import { setTokens } from '#lib/auth-tokens.ts'

/** POST /auth/login: the same token pair as Telegram authorization, stored the same way. */
function login(body: LoginBody) {
  return call(emailAuthCalls.login, { body })
}

export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: (pair) => setTokens(pair) })
}
