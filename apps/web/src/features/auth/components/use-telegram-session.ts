import { useSyncExternalStore } from 'react'
import { hasTokens, subscribeTokens } from '#lib/auth-tokens.ts'
import { useLaunchParams } from '#lib/telegram/launch-context.tsx'

/**
 * Signed in through Telegram: an email registered now becomes this user's second way in (the calls carry the
 * session), rather than a new account behind the referral gate.
 */
export function useTelegramSession(): boolean {
  const launch = useLaunchParams()
  const signedIn = useSyncExternalStore(subscribeTokens, hasTokens, hasTokens)
  return launch !== null && signedIn
}
