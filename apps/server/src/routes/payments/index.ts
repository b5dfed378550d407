/**
 * Payouts of spec section 7: the three payment requests, the transaction detail, saved bank cards
 * and the exchange rate. A payment request answers 201 with the new transaction, or 200 with the open
 * one when the same request arrives again.
 */
import {
  BankCardListQuerySchema,
  BankCardPageSchema,
  ErrorResponseSchema,
  ExchangeParamsSchema,
  ExchangePriceSchema,
  RequestPaymentBodySchema,
  RequestPaymentCryptoBodySchema,
  RequestPaymentIrtBodySchema,
  RequestPaymentResponseSchema,
  TransactionParamsSchema,
  TransactionSchema,
  UidSchema,
} from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import type { PayoutRequest } from '../../modules/withdrawals/payout-service.ts'
import type { WithServices } from '../../services.ts'

type BankCardInput = { name: string; family: string; number: string; iban: string }

const e = ErrorResponseSchema
const errors = { 400: e, 401: e }
const requestErrors = { ...errors, 404: e, 409: e }
const uidParams = z.object({ uid: UidSchema })
const answers = { 200: RequestPaymentResponseSchema, 201: RequestPaymentResponseSchema, ...requestErrors }

const paymentRoutes: FastifyPluginAsyncZod<WithServices<'payouts' | 'bankCards' | 'exchangeRates'>> = async (
  app,
  { services: { payouts, bankCards, exchangeRates } },
) => {
  app.addHook('preHandler', app.authenticate)

  /** The three payment requests differ only in their path, body schema and what the body says. */
  const requests = [
    {
      path: '/invoices/:uid/request-payment',
      body: RequestPaymentBodySchema,
      payout: (body: { receiverAddress: string }): PayoutRequest => ({
        currency: 'trx',
        receiverAddress: body.receiverAddress,
      }),
    },
    {
      path: '/invoices/:uid/request-payment-crypto',
      body: RequestPaymentCryptoBodySchema,
      payout: (body: { receiverAddress: string }): PayoutRequest => ({
        currency: 'usdt',
        receiverAddress: body.receiverAddress,
      }),
    },
    {
      path: '/invoices/:uid/request-payment-irt',
      body: RequestPaymentIrtBodySchema,
      payout: (body: { bankCardCreate: BankCardInput }): PayoutRequest => ({
        currency: 'irt',
        bankCard: body.bankCardCreate,
      }),
    },
  ] as const
  for (const { path, body, payout } of requests) {
    app.post(path, { schema: { params: uidParams, body, response: answers } }, async (request, reply) => {
      const { transaction, created } = await payouts.request(
        request.user.id,
        request.params.uid,
        (payout as (b: unknown) => PayoutRequest)(request.body),
      )
      return reply.code(created ? 201 : 200).send(transaction)
    })
  }

  app.get(
    '/transactions/:uid',
    { schema: { params: TransactionParamsSchema, response: { 200: TransactionSchema, 404: e, ...errors } } },
    async (request) => payouts.get(request.user.id, request.params.uid),
  )

  app.get(
    '/bank-cards',
    { schema: { querystring: BankCardListQuerySchema, response: { 200: BankCardPageSchema, ...errors } } },
    async (request) => {
      const { cursor, size, sorts } = request.query
      return bankCards.list(request.user.id, {
        cursor,
        size,
        order: sorts?.[0]?.direction ?? 'desc',
      })
    },
  )

  app.get(
    '/exchanges/:pair',
    {
      schema: {
        params: ExchangeParamsSchema,
        response: { 200: ExchangePriceSchema, 404: e, 409: e, ...errors },
      },
    },
    async (request) => exchangeRates.price(request.params.pair),
  )
}
export default paymentRoutes
