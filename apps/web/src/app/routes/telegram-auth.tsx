import { Suspense } from 'react'
import { Navigate } from 'react-router'
import { paths } from '#config/paths.ts'
import { TelegramAuthScreen } from '#features/auth/components/telegram-auth-screen.tsx'
import { useTelegramAuthorization } from '#features/auth/components/use-telegram-authorization.ts'
import { useBrowserMode } from '#lib/telegram/launch-context.tsx'
import { FullScreenSpinner } from '../full-screen-spinner.tsx'

/**
 * The authorization starts here, outside the Suspense that waits for the screen's words: the request and the
 * locale files travel together instead of one after the other.
 */
function TelegramAuth() {
  const authorization = useTelegramAuthorization()
  if (authorization.done) return <Navigate to={paths.home} replace />
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <TelegramAuthScreen failure={authorization.failure} onRetry={authorization.retry} />
    </Suspense>
  )
}

/** A plain browser has no init data to authorize with: it signs in by email instead. */
export function Component() {
  const browser = useBrowserMode()
  return browser ? <Navigate to={paths.login} replace /> : <TelegramAuth />
}
