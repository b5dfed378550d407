/** Operator API for withdrawals: confirming invoices, recording payouts, exchange rates, the ledger. */
import { ErrorResponseSchema } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../db/client.ts'
import { validationError } from '../lib/domain-error.ts'
import {
  type ConfirmationMove,
  listOpsInvoices,
  moveInvoiceConfirmation,
} from '../modules/invoices/service.ts'
import { ledgerReport } from '../modules/ledger/service.ts'
import { rateHistory, setRate } from '../modules/payments/exchange-rates.ts'
import { movePayout, type PayoutMove } from '../modules/payments/service.ts'
import { findTransactionsByStatus, toOpsTransaction } from '../modules/payments/transactions.ts'
import {
  InvoiceListQuerySchema,
  InvoiceMoveParamsSchema,
  LedgerSchema,
  LimitQuerySchema,
  OpsInvoiceSchema,
  OpsInvoicesSchema,
  OpsTransactionSchema,
  OpsTransactionsSchema,
  PutRateBodySchema,
  RateParamsSchema,
  RateSchema,
  RatesSchema,
  TransactionListQuerySchema,
  TransactionMoveBodySchema,
  TransactionMoveParamsSchema,
} from './schemas.ts'

const e = ErrorResponseSchema
const errors = { 400: e, 401: e }
const moveErrors = { ...errors, 404: e, 409: e }

const MOVE_TARGET = { broadcast: 'broadcasting', fail: 'failed', review: 'review' } as const

export const paymentsOpsApi: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async (
  app,
  { db, now },
) => {
  app.get(
    '/invoices',
    { schema: { querystring: InvoiceListQuerySchema, response: { 200: OpsInvoicesSchema, ...errors } } },
    async (request) => listOpsInvoices(db, request.query.status, request.query.limit),
  )

  app.post(
    '/invoices/:uid/:move',
    { schema: { params: InvoiceMoveParamsSchema, response: { 200: OpsInvoiceSchema, ...moveErrors } } },
    async (request) =>
      moveInvoiceConfirmation(db, request.params.uid, request.params.move as ConfirmationMove),
  )

  app.get(
    '/transactions',
    {
      schema: {
        querystring: TransactionListQuerySchema,
        response: { 200: OpsTransactionsSchema, ...errors },
      },
    },
    async (request) =>
      (await findTransactionsByStatus(db, request.query.status, request.query.limit)).map(toOpsTransaction),
  )

  app.post(
    '/transactions/:uid/:move',
    {
      schema: {
        params: TransactionMoveParamsSchema,
        body: TransactionMoveBodySchema.nullish(),
        response: { 200: OpsTransactionSchema, ...moveErrors },
      },
    },
    async (request) => {
      const { uid, move } = request.params
      let payout: PayoutMove
      if (move === 'succeed') {
        const txid = request.body?.txid
        if (txid === undefined) throw validationError('txid: required to record a payout')
        payout = { to: 'success', txid, senderAddress: request.body?.senderAddress }
      } else {
        payout = { to: MOVE_TARGET[move] }
      }
      return movePayout(db, uid, payout, now())
    },
  )

  app.put(
    '/rates/:pair',
    {
      schema: { params: RateParamsSchema, body: PutRateBodySchema, response: { 200: RateSchema, ...errors } },
    },
    async (request) => setRate(db, request.params.pair, String(request.body.price), now()),
  )

  app.get(
    '/rates/:pair',
    {
      schema: {
        params: RateParamsSchema,
        querystring: LimitQuerySchema,
        response: { 200: RatesSchema, ...errors },
      },
    },
    async (request) => rateHistory(db, request.params.pair, request.query.limit),
  )

  app.get('/ledger', { schema: { response: { 200: LedgerSchema, ...errors } } }, async () => ledgerReport(db))
}
