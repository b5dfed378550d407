import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate } from 'react-router'
import { AlertIcon } from '../../../components/icons.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Placeholder } from '../../../components/ui/placeholder.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { paths } from '../../../config/paths.ts'
import { isApiError } from '../../../lib/api-error.ts'
import { clearTokens, hasTokens, subscribeTokens } from '../../../lib/auth-tokens.ts'
import { showDialog } from '../../../lib/dialogs.ts'
import { hapticNotification } from '../../../lib/telegram/haptics.ts'
import { useLaunchParams } from '../../../lib/telegram/launch-context.tsx'
import { referralCodeFrom, useAuthorizeTelegram } from '../api/authorize-telegram.ts'

type Failure = 'unauthorized' | 'referralRequired' | 'unavailable'

function failureOf(error: unknown): Failure {
  if (isApiError(error) && error.status === 401) return 'unauthorized'
  if (isApiError(error) && error.status === 406) return 'referralRequired'
  return 'unavailable'
}

const FAILURE_TEXT: Record<Failure, string> = {
  unauthorized: 'telegramAuth.unauthorized',
  referralRequired: 'telegramAuth.referralRequired',
  unavailable: 'telegramAuth.unavailable',
}

/**
 * telegram-auth: sends the raw init data, stores the token pair and goes to '/'.
 * 401 and 406 clear the authorization state; 406 first says so in a 'Message' dialog.
 */
export function TelegramAuthScreen() {
  const { t } = useTranslation('common')
  const launch = useLaunchParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const authorize = useAuthorizeTelegram()
  const [failure, setFailure] = useState<Failure | null>(null)
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
  }, [authorize, clearState, launch, navigate, t])

  useEffect(() => {
    if (started.current || signedIn) return
    started.current = true
    run()
  }, [run, signedIn])

  if (signedIn && !authorize.isPending && !failure) return <Navigate to={paths.home} replace />

  if (failure) {
    return (
      <main className="fullscreen-center" data-testid="telegram-auth">
        <Placeholder
          icon={<AlertIcon />}
          description={t(FAILURE_TEXT[failure])}
          role="alert"
          action={failure === 'unavailable' ? <Button onClick={run}>{t('action.retry')}</Button> : undefined}
        />
      </main>
    )
  }

  return (
    <main className="fullscreen-center" data-testid="telegram-auth" aria-busy="true">
      <Placeholder icon={<Spinner label={null} />} title={t('telegramAuth.authorizing')} role="status" />
    </main>
  )
}
