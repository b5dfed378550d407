import { type RequestPaymentBodySchema, RequestPaymentResponseSchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'
import type { PaymentRequestOptions } from './payment-request-options.ts'

export type RequestPaymentBody = z.input<typeof RequestPaymentBodySchema>

/** POST /invoices/{uid}/request-payment: a TRX TRC20 payout. 201 new, 200 the same open request. */
export function requestPayment(invoiceUid: string, body: RequestPaymentBody) {
  return apiRequest(`/invoices/${encodeURIComponent(invoiceUid)}/request-payment`, {
    method: 'POST',
    body,
    schema: RequestPaymentResponseSchema,
  })
}

export function useRequestPayment(invoiceUid: string, { onSettled }: PaymentRequestOptions = {}) {
  return useMutation({
    mutationFn: (body: RequestPaymentBody) => requestPayment(invoiceUid, body),
    onSettled,
  })
}
