/** Operator API for withdrawals: confirming invoices, recording payouts, exchange rates, the ledger. */
import { ErrorResponseSchema } from '@app/contract'
import {
  InvoiceMoveParamsSchema,
  LedgerSchema,
  LimitQuerySchema,
  NoBodySchema,
  OpsInvoiceListQuerySchema,
  OpsInvoicePageSchema,
  OpsInvoiceSchema,
  OpsTransactionListQuerySchema,
  OpsTransactionPageSchema,
  OpsTransactionSchema,
  OptionalReasonBodySchema,
  PayoutApprovalSchema,
  PutRateBodySchema,
  RateParamsSchema,
  RateSchema,
  RatesSchema,
  TransactionMoveBodySchema,
  TransactionMoveParamsSchema,
  TransactionUidParamsSchema,
} from '@app/contract/ops'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import { validationError } from '../../lib/domain-error.ts'
import { invoiceStatusOf, transactionStatusOf } from '../../modules/audit/snapshots.ts'
import type { PayoutMove } from '../../modules/withdrawals/status-rules.ts'
import type { WithServices } from '../../services.ts'
import { requireReason } from './reason.ts'

const e = ErrorResponseSchema
const errors = { 400: e, 401: e, 403: e }
const moveErrors = { ...errors, 404: e, 409: e }

const MOVE_TARGET = { broadcast: 'broadcasting', fail: 'failed', review: 'review' } as const

const withdrawalsOpsRoutes: FastifyPluginAsyncZod<
  WithServices<'invoices' | 'payouts' | 'exchangeRates' | 'ledger' | 'audit'>
> = async (app, { services: { invoices, payouts, exchangeRates, ledger, audit } }) => {
  app.get(
    '/invoices',
    {
      schema: { querystring: OpsInvoiceListQuerySchema, response: { 200: OpsInvoicePageSchema, ...errors } },
    },
    async (request) => invoices.listForOperators(request.query),
  )

  app.post(
    '/invoices/:uid/:move',
    {
      schema: {
        params: InvoiceMoveParamsSchema,
        body: OptionalReasonBodySchema,
        response: { 200: OpsInvoiceSchema, ...moveErrors },
      },
    },
    async (request) => {
      const { uid, move } = request.params
      const given = request.body?.reason
      const reason = move === 'reject' ? requireReason(request.operator, given) : (given ?? null)
      return audit.record(
        request.operator,
        {
          action: `invoice.${move}`,
          objectType: 'invoice',
          objectId: uid,
          reason,
          before: (tx) => invoiceStatusOf(tx, uid),
        },
        (s) => s.invoices.move(uid, move),
      )
    },
  )

  app.get(
    '/transactions',
    {
      schema: {
        querystring: OpsTransactionListQuerySchema,
        response: { 200: OpsTransactionPageSchema, ...errors },
      },
    },
    async (request) => payouts.listForOperators(request.query),
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
      const given = request.body?.reason
      const reason =
        move === 'fail' || move === 'review' ? requireReason(request.operator, given) : (given ?? null)
      let payout: PayoutMove
      if (move === 'succeed') {
        const txid = request.body?.txid
        if (txid === undefined) throw validationError('txid: required to record a payout')
        payout = { to: 'success', txid, senderAddress: request.body?.senderAddress }
      } else {
        payout = { to: MOVE_TARGET[move] }
      }
      return audit.record(
        request.operator,
        {
          action: `transaction.${move}`,
          objectType: 'transaction',
          objectId: uid,
          reason,
          before: (tx) => transactionStatusOf(tx, uid),
        },
        (s) => s.payouts.move(uid, payout, request.operator),
      )
    },
  )

  app.post(
    '/transactions/:uid/approve',
    {
      schema: {
        params: TransactionUidParamsSchema,
        body: NoBodySchema,
        response: { 200: PayoutApprovalSchema, ...moveErrors },
      },
    },
    async (request) => {
      const { uid } = request.params
      return audit.record(
        request.operator,
        {
          action: 'transaction.approve',
          objectType: 'transaction',
          objectId: uid,
          before: (_tx, s) => s.payouts.approvalState(uid),
        },
        (s) => s.payouts.approve(request.operator, uid),
      )
    },
  )

  app.put(
    '/rates/:pair',
    {
      schema: { params: RateParamsSchema, body: PutRateBodySchema, response: { 200: RateSchema, ...errors } },
    },
    async (request) =>
      audit.record(
        request.operator,
        {
          action: 'rate.set',
          objectType: 'rate',
          objectId: request.params.pair,
          before: async (_tx, s) => (await s.exchangeRates.history(request.params.pair, 1))[0] ?? null,
        },
        (s) => s.exchangeRates.set(request.params.pair, String(request.body.price)),
      ),
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
