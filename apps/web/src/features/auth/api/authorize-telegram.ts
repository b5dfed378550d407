import { firstScreenRoutes, REFERRAL_CODE_PATTERN, type TelegramAuthorizeBody } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '#lib/api-client.ts'
import { noteSignedIn, setTokens } from '#lib/auth-tokens.ts'

/** POST /auth/telegram/authorize: the raw init data (never re-serialized) and the referral code. */
function authorizeTelegram(body: TelegramAuthorizeBody) {
  return call(firstScreenRoutes.authorize, { body })
}

/**
 * The start parameter is the referral code when it looks like one; any other deep-link payload is not
 * sent, so that an existing user opening some other link is not refused for a malformed code.
 */
export function referralCodeFrom(startParam: string | null): string | undefined {
  if (!startParam) return undefined
  return REFERRAL_CODE_PATTERN.test(startParam) ? startParam : undefined
}

export function useAuthorizeTelegram() {
  return useMutation({
    mutationFn: authorizeTelegram,
    onSuccess: (pair) => {
      noteSignedIn()
      setTokens(pair)
    },
  })
}
