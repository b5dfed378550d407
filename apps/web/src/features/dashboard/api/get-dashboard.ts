import { firstScreenRoutes } from '@app/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { DASHBOARD_STALE_TIME_MS } from '#config/constants.ts'
import { call } from '#lib/api-client.ts'

function getDashboard(signal?: AbortSignal) {
  return call(firstScreenRoutes.dashboard, {}, { signal })
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: () => [...dashboardKeys.all, 'summary'] as const,
  channelStatus: () => [...dashboardKeys.all, 'channel-status'] as const,
}

/** Practically always fresh (5 ms) and never retried: flags and limits gate money actions. */
export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.summary(),
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: DASHBOARD_STALE_TIME_MS,
    retry: false,
  })
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions())
}
