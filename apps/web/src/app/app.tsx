import { QueryClientProvider } from '@tanstack/react-query'
import { Suspense, useLayoutEffect } from 'react'
import { BrowserRouter, useLocation } from 'react-router'
import { DialogHost } from '#components/ui/dialog-host.tsx'
import { ToastHost } from '#components/ui/toast-host.tsx'
import { BOOT_HOME_PATHS, dismissBootHome } from '#lib/boot-home.ts'
import type { I18n } from '#lib/i18n.ts'
import { LaunchParamsProvider } from '#lib/telegram/launch-context.tsx'
import { I18nProvider } from '#lib/use-translation.tsx'
import type { AppContext } from './bootstrap.ts'
import { FullScreenSpinner } from './full-screen-spinner.tsx'
import { RouteErrorBoundary } from './route-error-boundary.tsx'
import { AppRoutes } from './router.tsx'
import { StatusBanners } from './status-banners.tsx'

function Screens({ i18n }: { i18n: I18n }) {
  const { pathname } = useLocation()
  // index.html's home skeleton stands for home only: another screen (a notification's link) shows as it loads.
  useLayoutEffect(() => {
    if (!BOOT_HOME_PATHS.includes(pathname)) dismissBootHome()
  }, [pathname])
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <AppRoutes i18n={i18n} />
    </RouteErrorBoundary>
  )
}

export function App({ context }: { context: AppContext }) {
  return (
    <LaunchParamsProvider value={context.launch}>
      <I18nProvider i18n={context.i18n}>
        <QueryClientProvider client={context.queryClient}>
          <StatusBanners />
          <BrowserRouter>
            <Suspense fallback={<FullScreenSpinner />}>
              <Screens i18n={context.i18n} />
            </Suspense>
          </BrowserRouter>
          <DialogHost />
          <ToastHost />
        </QueryClientProvider>
      </I18nProvider>
    </LaunchParamsProvider>
  )
}
