import { referralCalls } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { call } from '#lib/api-client.ts'
import { referralKeys } from './referral-keys.ts'

/** GET /referral-earnings/stats: total and paid, USDT. */
function getReferralEarnings(signal?: AbortSignal) {
  return call(referralCalls.earningsStats, {}, { signal })
}

export function useReferralEarnings() {
  return useQuery({
    queryKey: referralKeys.earnings(),
    queryFn: ({ signal }) => getReferralEarnings(signal),
    staleTime: 0,
    retry: false,
  })
}
