import { type InvoiceDetail, invoiceCalls } from '@app/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { OPERATOR_WAIT_REFETCH_MS } from '#config/constants.ts'
import { call } from '#lib/api-client.ts'
import { isTransactionOpen } from '#lib/transaction-status.ts'
import { invoiceKeys } from './invoice-keys.ts'

/** GET /invoices/{uid}: the invoice with its transactions. */
function getInvoice(invoiceUid: string, signal?: AbortSignal) {
  return call(invoiceCalls.get, { params: { invoiceId: invoiceUid } }, { signal })
}

/** Waiting on an operator: confirmation (pending, validating) or one of its payouts. */
function isAwaitingOperator(invoice: InvoiceDetail): boolean {
  return (
    invoice.confirmationStatus === 'pending' ||
    invoice.confirmationStatus === 'validating' ||
    invoice.transactions.some((transaction) => isTransactionOpen(transaction.status))
  )
}

/**
 * Always refetched on mount, and every few seconds while an operator has still to act: confirmation, payment and
 * transactions move on the server while the user looks at the invoice.
 */
export function invoiceQueryOptions(invoiceUid: string) {
  return queryOptions({
    queryKey: invoiceKeys.detail(invoiceUid),
    queryFn: ({ signal }) => getInvoice(invoiceUid, signal),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) =>
      query.state.data && isAwaitingOperator(query.state.data) ? OPERATOR_WAIT_REFETCH_MS : false,
  })
}

export function useInvoice(invoiceUid: string) {
  return useQuery(invoiceQueryOptions(invoiceUid))
}
