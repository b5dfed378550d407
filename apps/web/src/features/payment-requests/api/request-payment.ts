import { paymentRequestCalls, type RequestPaymentBodySchema } from '@app/contract'
import type * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'

export type RequestPaymentBody = z.input<typeof RequestPaymentBodySchema>

/** POST /invoices/{uid}/request-payment: a TRX TRC20 payout. 201 new, 200 the same open request. */
export function requestPayment(invoiceUid: string, body: RequestPaymentBody) {
  return call(paymentRequestCalls.requestTrx, { params: { uid: invoiceUid }, body })
}
