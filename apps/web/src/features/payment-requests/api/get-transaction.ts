import { paymentRequestCalls } from '@app/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { OPERATOR_WAIT_REFETCH_MS } from '#config/constants.ts'
import { call } from '#lib/api-client.ts'
import { isTransactionOpen } from '#lib/transaction-status.ts'
import { paymentKeys } from './payment-keys.ts'

/** GET /transactions/{uid} */
function getTransaction(transactionUid: string, signal?: AbortSignal) {
  return call(paymentRequestCalls.transaction, { params: { uid: transactionUid } }, { signal })
}

/**
 * Refetched on every visit, and every few seconds while the payout is open: operators move it from pending to
 * completed while the user waits on this screen.
 */
function transactionQueryOptions(transactionUid: string) {
  return queryOptions({
    queryKey: paymentKeys.transaction(transactionUid),
    queryFn: ({ signal }) => getTransaction(transactionUid, signal),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) =>
      query.state.data && isTransactionOpen(query.state.data.status) ? OPERATOR_WAIT_REFETCH_MS : false,
  })
}

export function useTransaction(transactionUid: string) {
  return useQuery(transactionQueryOptions(transactionUid))
}
