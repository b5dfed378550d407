import { Suspense } from 'react'
import { Outlet, useLocation } from 'react-router'
import { PageBackProvider } from '#components/layout/page-back.tsx'
import { paths } from '#config/paths.ts'
import { useLaunchParams } from '#lib/telegram/launch-context.tsx'
import { isSupportedPlatform } from '#lib/telegram/platform.ts'
import { BackButtonController } from './back-button-controller.tsx'
import { FullScreenSpinner } from './full-screen-spinner.tsx'
import { PlatformGate } from './platform-gate.tsx'
import { useGoBack } from './use-go-back.ts'

/** Screens with nowhere to go back to in a plain browser: home, and login (where a signed-out user lands). */
const BROWSER_ROOTS: readonly string[] = [paths.home, paths.login]

/**
 * Outside Telegram (no launch parameters): no platform gate, the app signs in by email; Telegram's BackButton
 * does not exist there, so the page header draws a back arrow that does what that button does.
 */
function BrowserLayout() {
  const { pathname } = useLocation()
  const goBack = useGoBack()
  return (
    <PageBackProvider onBack={BROWSER_ROOTS.includes(pathname) ? null : goBack}>
      <Suspense fallback={<FullScreenSpinner />}>
        <Outlet />
      </Suspense>
    </PageBackProvider>
  )
}

/**
 * Every route passes here. Inside Telegram: the platform gate first (android and ios only), then the back
 * button and the screen. A plain browser: the browser layout.
 */
export function RootLayout() {
  const launch = useLaunchParams()
  if (!launch) return <BrowserLayout />
  if (!isSupportedPlatform(launch.platform)) return <PlatformGate />
  return (
    <>
      <BackButtonController />
      <Suspense fallback={<FullScreenSpinner />}>
        <Outlet />
      </Suspense>
    </>
  )
}
