import { type RequestPaymentBodySchema, RequestPaymentResponseSchema } from '@app/contract'
import type * as z from 'zod/mini'
import { apiRequest } from '../../../lib/api-client.ts'

export type RequestPaymentBody = z.input<typeof RequestPaymentBodySchema>

/** POST /invoices/{uid}/request-payment: a TRX TRC20 payout. 201 new, 200 the same open request. */
export function requestPayment(invoiceUid: string, body: RequestPaymentBody) {
  return apiRequest(`/invoices/${encodeURIComponent(invoiceUid)}/request-payment`, {
    method: 'POST',
    body,
    schema: RequestPaymentResponseSchema,
  })
}
