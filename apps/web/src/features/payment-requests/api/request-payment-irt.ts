import { paymentRequestCalls, type RequestPaymentIrtBodySchema } from '@app/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'
import { paymentKeys } from './payment-keys.ts'
import type { PaymentRequestOptions } from './payment-request-options.ts'

export type RequestPaymentIrtBody = z.input<typeof RequestPaymentIrtBodySchema>

/** POST /invoices/{uid}/request-payment-irt: a toman bank transfer; the server saves the card for reuse. */
function requestPaymentIrt(invoiceUid: string, body: RequestPaymentIrtBody) {
  return call(paymentRequestCalls.requestIrt, { params: { uid: invoiceUid }, body })
}

export function useRequestPaymentIrt(invoiceUid: string, { onSettled }: PaymentRequestOptions = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: RequestPaymentIrtBody) => requestPaymentIrt(invoiceUid, body),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: paymentKeys.bankCards }), onSettled?.()]),
  })
}
