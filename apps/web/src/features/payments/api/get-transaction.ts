import { TransactionSchema } from '@app/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { paymentKeys } from './payment-keys.ts'

/** GET /transactions/{uid} */
export function getTransaction(transactionUid: string, signal?: AbortSignal) {
  return apiRequest(`/transactions/${encodeURIComponent(transactionUid)}`, {
    schema: TransactionSchema,
    ...(signal ? { signal } : {}),
  })
}

/** Refetched on every visit: operators move a payout from pending to completed while the user waits. */
export function transactionQueryOptions(transactionUid: string) {
  return queryOptions({
    queryKey: paymentKeys.transaction(transactionUid),
    queryFn: ({ signal }) => getTransaction(transactionUid, signal),
    staleTime: 0,
    retry: false,
  })
}

export function useTransaction(transactionUid: string) {
  return useQuery(transactionQueryOptions(transactionUid))
}
