import { accountCalls } from '@app/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '#lib/api-client.ts'
import { accountKeys } from './account-keys.ts'

function getAccount(accountUid: string, signal?: AbortSignal) {
  return call(accountCalls.get, { params: { accountUid } }, { signal })
}

/** Always refetched (spec section 7): an account's statuses change while the user looks. */
function accountQueryOptions(accountUid: string) {
  return queryOptions({
    queryKey: accountKeys.detail(accountUid),
    queryFn: ({ signal }) => getAccount(accountUid, signal),
    staleTime: 0,
    retry: false,
  })
}

export function useAccount(accountUid: string) {
  return useQuery(accountQueryOptions(accountUid))
}
