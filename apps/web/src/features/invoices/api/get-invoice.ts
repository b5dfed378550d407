import { InvoiceDetailSchema } from '@app/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { invoiceKeys } from './invoice-keys.ts'

/** GET /invoices/{uid}: the invoice with its transactions. */
export function getInvoice(invoiceUid: string, signal?: AbortSignal) {
  return apiRequest(`/invoices/${encodeURIComponent(invoiceUid)}`, {
    schema: InvoiceDetailSchema,
    ...(signal ? { signal } : {}),
  })
}

/** Always refetched on mount: confirmation, payment and transactions move on the server. */
export function invoiceQueryOptions(invoiceUid: string) {
  return queryOptions({
    queryKey: invoiceKeys.detail(invoiceUid),
    queryFn: ({ signal }) => getInvoice(invoiceUid, signal),
    staleTime: 0,
    retry: false,
  })
}

export function useInvoice(invoiceUid: string) {
  return useQuery(invoiceQueryOptions(invoiceUid))
}
