import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '#config/paths.ts'
import { isApiError } from '#lib/api-error.ts'
import { clearTokens, hasTokens, maySignInUnasked, subscribeTokens } from '#lib/auth-tokens.ts'
import { showDialog } from '#lib/dialogs.ts'
import { hapticNotification } from '#lib/telegram/haptics.ts'
import { useLaunchParams } from '#lib/telegram/launch-context.tsx'
import { useI18n } from '#lib/use-translation.tsx'
import { referralCodeFrom, useAuthorizeTelegram } from '../api/authorize-telegram.ts'

export type AuthorizationFailure = 'unauthorized' | 'referralRequired' | 'blocked' | 'unavailable'

function failureOf(error: unknown): AuthorizationFailure {
  if (isApiError(error) && error.status === 401) return 'unauthorized'
  if (isApiError(error) && error.status === 403 && error.code === 'USER_BLOCKED') return 'blocked'
  if (isApiError(error) && error.status === 406) return 'referralRequired'
  return 'unavailable'
}

export type TelegramAuthorization = {
  /** Tokens are there and nothing is in flight: go home. */
  done: boolean
  failure: AuthorizationFailure | null
  retry: () => void
}

/**
 * telegram-auth's work: sends the raw init data, stores the token pair and goes to '/'. 401, 403 `USER_BLOCKED`
 * and 406 clear the authorization state; 406 first says so in a 'Message' dialog. It needs no translation to start, so the
 * request goes out beside the locale files rather than after them; the dialog waits for its words.
 */
export function useTelegramAuthorization(): TelegramAuthorization {
  const i18n = useI18n()
  const launch = useLaunchParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const authorize = useAuthorizeTelegram()
  const [failure, setFailure] = useState<AuthorizationFailure | null>(null)
  const signedIn = useSyncExternalStore(subscribeTokens, hasTokens, hasTokens)
  const started = useRef(false)

  const clearState = useCallback(() => {
    clearTokens()
    queryClient.clear()
  }, [queryClient])

  const run = useCallback(() => {
    setFailure(null)
    const initData = launch?.rawInitData
    if (!initData) {
      setFailure('unauthorized')
      return
    }
    const referralCode = referralCodeFrom(launch.startParam)
    authorize.mutate(
      { initData, ...(referralCode ? { referralCode } : {}) },
      {
        onSuccess: () => {
          hapticNotification('success')
          void navigate(paths.home, { replace: true })
        },
        onError: async (error) => {
          hapticNotification('error')
          const kind = failureOf(error)
          // The reason shows on screen at once; a native popup may sit on top of it.
          setFailure(kind)
          if (kind === 'referralRequired') {
            await i18n.loadNamespaces('common')
            const t = i18n.getFixedT(null, 'common')
            await showDialog({
              title: t('telegramAuth.messageTitle'),
              message: t('telegramAuth.referralRequired'),
              buttons: [{ id: 'ok', text: t('action.ok') }],
            })
          }
          if (kind !== 'unavailable') clearState()
        },
      },
    )
  }, [authorize, clearState, i18n, launch, navigate])

  useEffect(() => {
    if (started.current || signedIn) return
    started.current = true
    // This page's last session was refused before any call accepted it: signing in again by itself would loop
    // (sign in, 401, refused refresh, sign in...). The user asks with Try again instead.
    if (maySignInUnasked()) run()
    else setFailure('unavailable')
  }, [run, signedIn])

  return { done: signedIn && !authorize.isPending && !failure, failure, retry: run }
}
