import { type RequestPaymentCryptoBodySchema, RequestPaymentResponseSchema } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'
import type { PaymentRequestOptions } from './payment-request-options.ts'

export type RequestPaymentCryptoBody = z.input<typeof RequestPaymentCryptoBodySchema>

/** POST /invoices/{uid}/request-payment-crypto: a USDT BEP20 payout (network BSC, token USDT). */
export function requestPaymentCrypto(invoiceUid: string, body: RequestPaymentCryptoBody) {
  return apiRequest(`/invoices/${encodeURIComponent(invoiceUid)}/request-payment-crypto`, {
    method: 'POST',
    body,
    schema: RequestPaymentResponseSchema,
  })
}

export function useRequestPaymentCrypto(invoiceUid: string, { onSettled }: PaymentRequestOptions = {}) {
  return useMutation({
    mutationFn: (body: RequestPaymentCryptoBody) => requestPaymentCrypto(invoiceUid, body),
    onSettled,
  })
}
