import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { dashboardQueryOptions } from '#features/dashboard/api/get-dashboard.ts'
import { NewsScreen } from '#features/news/components/news-screen.tsx'

/**
 * News meets the dashboard here: the dashboard's unseen count, read once as the screen opens, says how many of
 * the newest items are new to the user; once they are marked seen, the count the server answers replaces it,
 * so home shows no stale badge before its own refetch.
 */
export function Component() {
  const queryClient = useQueryClient()
  const [newCount] = useState(
    () => queryClient.getQueryData(dashboardQueryOptions().queryKey)?.news.unseenCount ?? 0,
  )
  const onSeen = useCallback(
    (unseenCount: number) =>
      queryClient.setQueryData(dashboardQueryOptions().queryKey, (old) =>
        old ? { ...old, news: { unseenCount } } : old,
      ),
    [queryClient],
  )
  return <NewsScreen newCount={newCount} onSeen={onSeen} />
}
