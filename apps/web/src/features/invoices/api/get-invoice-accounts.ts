import { invoiceCalls, PAGE_SIZE } from '@app/contract'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { call } from '#lib/api-client.ts'
import { invoiceKeys } from './invoice-keys.ts'

/** GET /invoices/{uid}/accounts?cursor&size=24: the accounts the invoice pays, with their `total`. */
function getInvoiceAccounts(invoiceUid: string, cursor: string | undefined, signal?: AbortSignal) {
  return call(
    invoiceCalls.accounts,
    { params: { invoiceId: invoiceUid }, query: { cursor, size: PAGE_SIZE } },
    { signal },
  )
}

function invoiceAccountsInfiniteQueryOptions(invoiceUid: string) {
  return infiniteQueryOptions({
    queryKey: invoiceKeys.accounts(invoiceUid, PAGE_SIZE),
    queryFn: ({ pageParam, signal }) => getInvoiceAccounts(invoiceUid, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextPage ?? undefined,
  })
}

export function useInvoiceAccounts(invoiceUid: string) {
  return useInfiniteQuery(invoiceAccountsInfiniteQueryOptions(invoiceUid))
}
