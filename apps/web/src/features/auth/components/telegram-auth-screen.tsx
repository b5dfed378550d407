import { type ReactNode, useLayoutEffect } from 'react'
import { AlertIcon, LockIcon } from '#components/icons.tsx'
import { Button } from '#components/ui/button.tsx'
import { Placeholder } from '#components/ui/placeholder.tsx'
import { Spinner } from '#components/ui/spinner.tsx'
import { dismissBootHome } from '#lib/boot-home.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import type { AuthorizationFailure } from './use-telegram-authorization.ts'

type FailureView = { icon: ReactNode; title?: string; text: string; retry?: true }

/**
 * Why authorization failed, as the gate says its refusal. 'Try again' only where it can help: a blocked user is
 * told so, in words of their own, not 'try again soon' (issue 20).
 */
const FAILURES: Record<AuthorizationFailure, FailureView> = {
  unauthorized: { icon: <AlertIcon />, text: 'telegramAuth.unauthorized' },
  referralRequired: { icon: <AlertIcon />, text: 'telegramAuth.referralRequired' },
  blocked: { icon: <LockIcon />, title: 'telegramAuth.blockedTitle', text: 'telegramAuth.blocked' },
  unavailable: { icon: <AlertIcon />, text: 'telegramAuth.unavailable', retry: true },
}

/** telegram-auth on screen: 'Authorizing', or why it failed (with 'Try again' when trying again can help). */
export function TelegramAuthScreen({
  failure,
  onRetry,
}: {
  failure: AuthorizationFailure | null
  onRetry: () => void
}) {
  const { t } = useTranslation('common')
  // While authorizing, index.html's home skeleton stays; a failure replaces it.
  useLayoutEffect(() => {
    if (failure) dismissBootHome()
  }, [failure])

  if (failure) {
    const view = FAILURES[failure]
    return (
      <main className="fullscreen-center" data-testid="telegram-auth">
        <Placeholder
          icon={view.icon}
          title={view.title ? t(view.title) : undefined}
          description={t(view.text)}
          role="alert"
          action={view.retry ? <Button onClick={onRetry}>{t('action.retry')}</Button> : undefined}
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
