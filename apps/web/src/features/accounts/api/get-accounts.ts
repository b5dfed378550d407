import { type AccountSorts, type AccountStatus, accountCalls } from '@app/contract'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { ACCOUNTS_PAGE_SIZE } from '#config/constants.ts'
import { call } from '#lib/api-client.ts'
import { type AccountListParams, accountKeys } from './account-keys.ts'

function getAccounts(params: AccountListParams, cursor: string | undefined, signal?: AbortSignal) {
  const sorts: AccountSorts = [{ model: 'Account', field: 'created_at', direction: params.direction }]
  const search = params.search.trim()
  return call(
    accountCalls.list,
    {
      query: {
        cursor,
        size: ACCOUNTS_PAGE_SIZE,
        filters: JSON.stringify(params.filters),
        search: search || undefined,
        sorts: JSON.stringify(sorts),
      },
    },
    { signal },
  )
}

/** A tab of /accounts: that status, no invoice attached, newest first (spec section 2). */
export function tabListParams(status: AccountStatus, search: string): AccountListParams {
  return { filters: { status, noInvoice: true }, search: search.trim(), direction: 'desc' }
}

function accountsInfiniteQueryOptions(params: AccountListParams) {
  return infiniteQueryOptions({
    queryKey: accountKeys.list(params),
    queryFn: ({ pageParam, signal }) => getAccounts(params, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextPage ?? undefined,
    // Accounts change on the server (validation moves them between tabs): opening a tab shows what is cached
    // at once and refreshes it in the background.
    staleTime: 0,
  })
}

export function useAccounts(params: AccountListParams) {
  return useInfiniteQuery(accountsInfiniteQueryOptions(params))
}
