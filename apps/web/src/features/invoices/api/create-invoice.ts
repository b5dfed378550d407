import { invoiceCalls } from '@app/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '#lib/api-client.ts'
import { invoiceKeys } from './invoice-keys.ts'

/** POST /invoices/request-invoice (no body): every accepted account with no invoice goes on a new one. */
function createInvoice() {
  return call(invoiceCalls.request)
}

/**
 * `onCreated` is what the route adds (the dashboard and the accounts lists belong to other features); the
 * mutation waits for it and for the invoices lists before its own onSuccess callers run.
 */
export function useCreateInvoice(onCreated: () => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createInvoice,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() }), onCreated()]),
  })
}
