import { QueryClientProvider } from '@tanstack/react-query'
import { Suspense } from 'react'
import { I18nextProvider } from 'react-i18next'
import { BrowserRouter, useLocation } from 'react-router'
import { DialogHost } from '../components/ui/dialog-host.tsx'
import { ToastHost } from '../components/ui/toast-host.tsx'
import { LaunchParamsProvider } from '../lib/telegram/launch-context.tsx'
import type { AppContext } from './bootstrap.ts'
import { FullScreenSpinner } from './full-screen-spinner.tsx'
import { RouteErrorBoundary } from './route-error-boundary.tsx'
import { AppRoutes } from './router.tsx'

function Screens() {
  const { pathname } = useLocation()
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <AppRoutes />
    </RouteErrorBoundary>
  )
}

export function App({ context }: { context: AppContext }) {
  return (
    <LaunchParamsProvider value={context.launch}>
      <I18nextProvider i18n={context.i18n}>
        <QueryClientProvider client={context.queryClient}>
          <BrowserRouter>
            <Suspense fallback={<FullScreenSpinner />}>
              <Screens />
            </Suspense>
          </BrowserRouter>
          <DialogHost />
          <ToastHost />
        </QueryClientProvider>
      </I18nextProvider>
    </LaunchParamsProvider>
  )
}
