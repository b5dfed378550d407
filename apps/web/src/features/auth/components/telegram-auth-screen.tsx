import { AlertIcon } from '../../../components/icons.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Placeholder } from '../../../components/ui/placeholder.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useTranslation } from '../../../lib/use-translation.tsx'
import type { AuthorizationFailure } from './use-telegram-authorization.ts'

const FAILURE_TEXT: Record<AuthorizationFailure, string> = {
  unauthorized: 'telegramAuth.unauthorized',
  referralRequired: 'telegramAuth.referralRequired',
  unavailable: 'telegramAuth.unavailable',
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

  if (failure) {
    return (
      <main className="fullscreen-center" data-testid="telegram-auth">
        <Placeholder
          icon={<AlertIcon />}
          description={t(FAILURE_TEXT[failure])}
          role="alert"
          action={
            failure === 'unavailable' ? <Button onClick={onRetry}>{t('action.retry')}</Button> : undefined
          }
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
