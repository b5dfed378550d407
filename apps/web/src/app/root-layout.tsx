import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { useLaunchParams } from '../lib/telegram/launch-context.tsx'
import { isSupportedPlatform } from '../lib/telegram/platform.ts'
import { BackButtonController } from './back-button-controller.tsx'
import { FullScreenSpinner } from './full-screen-spinner.tsx'
import { PlatformGate } from './platform-gate.tsx'

/** Every route passes here: the platform gate first, then the back button and the screen. */
export function RootLayout() {
  const launch = useLaunchParams()
  if (!isSupportedPlatform(launch?.platform)) return <PlatformGate />
  return (
    <>
      <BackButtonController />
      <Suspense fallback={<FullScreenSpinner />}>
        <Outlet />
      </Suspense>
    </>
  )
}
