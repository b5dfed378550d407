import { firstScreenRoutes } from '@app/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '#lib/api-client.ts'
import { dashboardKeys } from './get-dashboard.ts'

function getChannelStatus(signal?: AbortSignal) {
  return call(firstScreenRoutes.channelStatus, {}, { signal })
}

/** Asked once per app session: the prompt should not nag on every visit to home. */
function channelStatusQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.channelStatus(),
    queryFn: ({ signal }) => getChannelStatus(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
}

export function useChannelStatus() {
  return useQuery(channelStatusQueryOptions())
}
