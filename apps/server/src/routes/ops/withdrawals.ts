/** Operator API for withdrawals: confirming invoices, recording payouts, exchange rates, the ledger. */
import { ErrorResponseSchema } from '@app/contract'
import {
  InvoiceMoveParamsSchema,
  LedgerSchema,
  LimitQuerySchema,
  OpsInvoiceListQuerySchema,
  OpsInvoiceSchema,
  OpsInvoicesSchema,
  OpsTransactionListQuerySchema,
  OpsTransactionSchema,
  OpsTransactionsSchema,
  PutRateBodySchema,
  RateParamsSchema,
  RateSchema,
  RatesSchema,
  TransactionMoveBodySchema,
  TransactionMoveParamsSchema,
} from '@app/contract/ops'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import { validationError } from '../../lib/domain-error.ts'
import type { PayoutMove } from '../../modules/withdrawals/status-rules.ts'
import type { WithServices } from '../../services.ts'

const e = ErrorResponseSchema
const errors = { 400: e, 401: e }
const moveErrors = { ...errors, 404: e, 409: e }

const MOVE_TARGET = { broadcast: 'broadcasting', fail: 'failed', review: 'review' } as const

const withdrawalsOpsRoutes: FastifyPluginAsyncZod<
  WithServices<'invoices' | 'payouts' | 'exchangeRates' | 'ledger'>
> = async (app, { services: { invoices, payouts, exchangeRates, ledger } }) => {
  app.get(
    '/invoices',
    { schema: { querystring: OpsInvoiceListQuerySchema, response: { 200: OpsInvoicesSchema, ...errors } } },
    async (request) => invoices.listForOperators(request.query.status, request.query.limit),
  )

  app.post(
    '/invoices/:uid/:move',
    { schema: { params: InvoiceMoveParamsSchema, response: { 200: OpsInvoiceSchema, ...moveErrors } } },
    async (request) => invoices.move(request.params.uid, request.params.move),
  )

  app.get(
    '/transactions',
    {
      schema: {
        querystring: OpsTransactionListQuerySchema,
        response: { 200: OpsTransactionsSchema, ...errors },
      },
    },
    async (request) => payouts.listForOperators(request.query.status, request.query.limit),
  )

  app.post(
    '/transactions/:uid/:move',
    {
      schema: {
        params: TransactionMoveParamsSchema,
        body: z.nullish(TransactionMoveBodySchema),
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
      return payouts.move(uid, payout)
    },
  )

  app.put(
    '/rates/:pair',
    {
      schema: { params: RateParamsSchema, body: PutRateBodySchema, response: { 200: RateSchema, ...errors } },
    },
    async (request) => exchangeRates.set(request.params.pair, String(request.body.price)),
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
    async (request) => exchangeRates.history(request.params.pair, request.query.limit),
  )

  app.get('/ledger', { schema: { response: { 200: LedgerSchema, ...errors } } }, async () => ledger.report())
}
export default withdrawalsOpsRoutes
