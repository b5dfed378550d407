import { type LoginBody, LoginResponseSchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { setTokens } from '../../../lib/auth-tokens.ts'

/** POST /auth/login: the same token pair as Telegram authorization, stored the same way. */
export function login(body: LoginBody) {
  return apiRequest('/auth/login', { method: 'POST', body, schema: LoginResponseSchema, auth: false })
}

export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: (pair) => setTokens(pair) })
}
