/**
 * Payment requests of spec section 7: the three requests and the transaction detail. A payment request answers 201
 * with the new transaction, or 200 with the open one when the same request arrives again.
 */
import { ErrorResponseSchema as e, UidParamsSchema } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import {
  RequestPaymentBodySchema,
  RequestPaymentCryptoBodySchema,
  RequestPaymentIrtBodySchema,
  TransactionParamsSchema,
  TransactionSchema,
} from '../invoices.ts'

const errors = { 400: e, 401: e }
const requestAnswers = {
  200: TransactionSchema,
  201: TransactionSchema,
  ...errors,
  404: e,
  409: e,
}

/** TRX (TRC20). */
export const requestTrx = defineEndpoint({
  method: 'POST',
  path: '/invoices/:uid/request-payment',
  auth: 'access',
  params: UidParamsSchema,
  body: RequestPaymentBodySchema,
  responses: requestAnswers,
})

/** USDT (BEP20). */
export const requestCrypto = defineEndpoint({
  method: 'POST',
  path: '/invoices/:uid/request-payment-crypto',
  auth: 'access',
  params: UidParamsSchema,
  body: RequestPaymentCryptoBodySchema,
  responses: requestAnswers,
})

/** Toman, by bank transfer. */
export const requestIrt = defineEndpoint({
  method: 'POST',
  path: '/invoices/:uid/request-payment-irt',
  auth: 'access',
  params: UidParamsSchema,
  body: RequestPaymentIrtBodySchema,
  responses: requestAnswers,
})

export const transaction = defineEndpoint({
  method: 'GET',
  path: '/transactions/:uid',
  auth: 'access',
  params: TransactionParamsSchema,
  responses: { 200: TransactionSchema, 404: e, ...errors },
})
