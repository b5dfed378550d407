import { referralCalls } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { call } from '#lib/api-client.ts'
import { referralKeys } from './referral-keys.ts'

/** GET /referrals/stats: the live link and how many people joined (403 REFERRAL_NOT_ALLOWED without the flag). */
function getReferralStats(signal?: AbortSignal) {
  return call(referralCalls.stats, {}, { signal })
}

/** Refetched on each visit: the count grows while the user is away. A 403 is an answer, not a hiccup. */
export function useReferralStats() {
  return useQuery({
    queryKey: referralKeys.stats(),
    queryFn: ({ signal }) => getReferralStats(signal),
    staleTime: 0,
    retry: false,
  })
}
