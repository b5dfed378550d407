import { type ReferralStats, referralCalls } from '@app/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '#lib/api-client.ts'
import { referralKeys } from './referral-keys.ts'

/** POST /referral-links/refresh (the spec's Revoke): the old code stops admitting anyone; the answer is the new link. */
function refreshReferralLink() {
  return call(referralCalls.refreshLink)
}

/** The new link replaces the old one in the stats at once (the count is unchanged by a refresh). */
export function useRefreshReferralLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: refreshReferralLink,
    onSuccess: ({ referralLink }) =>
      queryClient.setQueryData<ReferralStats>(referralKeys.stats(), (stats) =>
        stats ? { ...stats, referralLink } : stats,
      ),
  })
}
