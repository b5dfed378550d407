import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { dashboardQueryOptions } from '#features/dashboard/api/get-dashboard.ts'
import { supportAuth } from '#features/support/api/support-api.ts'
import { SupportScreen } from '#features/support/components/support-screen.tsx'
import { useLaunchParams } from '#lib/telegram/launch-context.tsx'

/**
 * Support sits outside the signed-in screens: a blocked user has no tokens, and reaches it with Telegram's init
 * data instead (docs/support.md). It meets the dashboard here: once the replies are marked read, home's unread
 * count is 0 at once (no stale badge on the way back) and the dashboard invalidated, so home asks the server again.
 */
export function Component() {
  const launch = useLaunchParams()
  const queryClient = useQueryClient()
  const onRead = useCallback(() => {
    const { queryKey } = dashboardQueryOptions()
    queryClient.setQueryData(queryKey, (old) => (old ? { ...old, supportUnread: 0 } : old))
    void queryClient.invalidateQueries({ queryKey })
  }, [queryClient])
  return <SupportScreen auth={supportAuth(launch?.rawInitData)} onRead={onRead} />
}
