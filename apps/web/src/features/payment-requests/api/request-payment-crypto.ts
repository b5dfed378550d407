import { paymentRequestCalls, type RequestPaymentCryptoBodySchema } from '@app/contract'
import type * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'

export type RequestPaymentCryptoBody = z.input<typeof RequestPaymentCryptoBodySchema>

/** POST /invoices/{uid}/request-payment-crypto: a USDT BEP20 payout (network BSC, token USDT). */
export function requestPaymentCrypto(invoiceUid: string, body: RequestPaymentCryptoBody) {
  return call(paymentRequestCalls.requestCrypto, { params: { uid: invoiceUid }, body })
}
