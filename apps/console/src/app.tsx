/** The console's root: the query client and the session gate (the login screen, or the signed-in shell). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { isUnavailable, OUTAGE_TEXTS, onRecovered, subscribeOutage } from './lib/outage.ts'
import { SessionProvider, useSessionQuery } from './lib/session.tsx'
import { LoginScreen } from './screens/login.tsx'

// The shell, React Router and every screen load after the sign-in (docs/console.md: the bundle's split).
const SignedIn = lazy(() => import('./shell.tsx').then((m) => ({ default: m.SignedIn })))

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } })
}

export function App({ client = createQueryClient() }: { client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <OutageBanner client={client} />
      <Gate />
    </QueryClientProvider>
  )
}

/**
 * Above every screen, the login's too, while the server answers that it cannot serve (lib/outage.ts); when it can
 * again, what is on screen is fetched again. In Persian when the browser asks for it (the console's one bilingual
 * line: an operator on a Persian phone sees the outage in the mini-app's words).
 */
function OutageBanner({ client }: { client: QueryClient }) {
  const unavailable = useSyncExternalStore(subscribeOutage, isUnavailable)
  useEffect(() => onRecovered(() => void client.refetchQueries({ type: 'active' })), [client])
  const persian = typeof navigator !== 'undefined' && /^fa\b/i.test(navigator.language)
  return (
    <div className="outage-banner-region" aria-live="polite">
      {unavailable ? (
        <p className="outage-banner" lang={persian ? 'fa' : 'en'} dir={persian ? 'rtl' : 'ltr'}>
          {persian ? OUTAGE_TEXTS.fa : OUTAGE_TEXTS.en}
        </p>
      ) : null}
    </div>
  )
}

function Gate() {
  const session = useSessionQuery()
  if (session.isLoading) return <div className="state">Loading…</div>
  if (session.error)
    return (
      <div className="state error" role="alert">
        {session.error.message}
      </div>
    )
  if (!session.data) return <LoginScreen />
  return (
    <SessionProvider me={session.data}>
      <Suspense fallback={<div className="state">Loading…</div>}>
        <SignedIn />
      </Suspense>
    </SessionProvider>
  )
}
