/** The console's root: the query client and the session gate (the login screen, or the signed-in shell). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
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
      <Gate />
    </QueryClientProvider>
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
