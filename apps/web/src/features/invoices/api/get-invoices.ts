import { invoiceCalls, PAGE_SIZE } from '@app/contract'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { call } from '#lib/api-client.ts'
import { invoiceKeys } from './invoice-keys.ts'

/** GET /invoices?cursor&size=24: the user's invoices, newest first. */
function getInvoices(cursor: string | undefined, signal?: AbortSignal) {
  return call(invoiceCalls.list, { query: { cursor, size: PAGE_SIZE } }, { signal })
}

function invoicesInfiniteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: invoiceKeys.list(PAGE_SIZE),
    queryFn: ({ pageParam, signal }) => getInvoices(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextPage ?? undefined,
    // Operators confirm invoices and pay them out while the user is away: show the cache, refresh behind it.
    staleTime: 0,
  })
}

export function useInvoices() {
  return useInfiniteQuery(invoicesInfiniteQueryOptions())
}
