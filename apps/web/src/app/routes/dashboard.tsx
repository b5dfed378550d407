import { Suspense } from 'react'
import { useChannelStatus } from '#features/dashboard/api/get-channel-status.ts'
import { useDashboard } from '#features/dashboard/api/get-dashboard.ts'
import { DashboardScreen } from '#features/dashboard/components/dashboard-screen.tsx'
import { FullScreenSpinner } from '../full-screen-spinner.tsx'

/**
 * Home's calls start with the route, outside the Suspense that waits for the screen's words: a returning user's
 * GET /dashboard travels beside the locale files, and its answer is usually there for the first paint (no
 * skeleton, no row appearing under the user's eyes).
 */
export function Component() {
  const dashboard = useDashboard()
  const channel = useChannelStatus()
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <DashboardScreen dashboard={dashboard} channel={channel.data} />
    </Suspense>
  )
}
