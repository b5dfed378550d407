/** Withdrawals: confirming invoices, moving and approving payouts, exchange rates, the ledger. */

import * as z from 'zod/mini'
import { ErrorResponseSchema as e } from '../../common.ts'
import { defineEndpoint } from '../../endpoint.ts'
import { LimitQuerySchema } from '../limit.ts'
import { NoBodySchema, OptionalReasonBodySchema, PayoutApprovalSchema } from '../operators.ts'
import {
  InvoiceMoveParamsSchema,
  LedgerSchema,
  OpsInvoiceListQuerySchema,
  OpsInvoicePageSchema,
  OpsInvoiceSchema,
  OpsTransactionListQuerySchema,
  OpsTransactionPageSchema,
  OpsTransactionSchema,
  PendingRatesSchema,
  PutRateBodySchema,
  RateParamsSchema,
  RateSchema,
  RatesSchema,
  TransactionMoveBodySchema,
  TransactionMoveParamsSchema,
  TransactionUidParamsSchema,
} from '../payments.ts'
import { opsErrors } from './errors.ts'

const moveErrors = { ...opsErrors, 404: e, 409: e }

export const invoices = defineEndpoint({
  method: 'GET',
  path: '/ops/invoices',
  role: 'viewer',
  query: OpsInvoiceListQuerySchema,
  responses: { 200: OpsInvoicePageSchema, ...opsErrors },
})

/** Confirm, reject (a reason from named operators) or send back to validation. */
export const moveInvoice = defineEndpoint({
  method: 'POST',
  path: '/ops/invoices/:uid/:move',
  role: 'operator',
  params: InvoiceMoveParamsSchema,
  body: OptionalReasonBodySchema,
  responses: { 200: OpsInvoiceSchema, ...moveErrors },
})

export const payouts = defineEndpoint({
  method: 'GET',
  path: '/ops/transactions',
  role: 'viewer',
  query: OpsTransactionListQuerySchema,
  responses: { 200: OpsTransactionPageSchema, ...opsErrors },
})

/**
 * Broadcast, succeed (with the txid), fail or review (a reason from named operators); four eyes above the approval
 * amount. A TRX or USDT success is read on its chain first (docs/payments.md, 'Chain check'): 409 CHAIN_CHECK_FAILED
 * when the chain does not show it, 503 CHAIN_UNAVAILABLE (Retry-After) when its endpoint cannot say.
 */
export const movePayout = defineEndpoint({
  method: 'POST',
  path: '/ops/transactions/:uid/:move',
  role: 'operator',
  params: TransactionMoveParamsSchema,
  body: z.nullish(TransactionMoveBodySchema),
  responses: { 200: OpsTransactionSchema, ...moveErrors, 503: e },
})

/** Four eyes: a named operator's approval of a payout. */
export const approvePayout = defineEndpoint({
  method: 'POST',
  path: '/ops/transactions/:uid/approve',
  role: 'operator',
  params: TransactionUidParamsSchema,
  body: NoBodySchema,
  responses: { 200: PayoutApprovalSchema, ...moveErrors },
})

/**
 * A new rate, within the pair's bounds (400 otherwise). Within the step of the rate in force it applies at once;
 * beyond it a named admin's change waits for another admin's approval (the answer's `pending`), and the bootstrap
 * token's is refused (409). docs/payments.md, 'Exchange rates'.
 */
export const setRate = defineEndpoint({
  method: 'PUT',
  path: '/ops/rates/:pair',
  role: 'admin',
  params: RateParamsSchema,
  body: PutRateBodySchema,
  responses: { 200: RateSchema, ...opsErrors, 409: e },
})

/** Rate changes waiting for a second admin's approval. */
export const pendingRates = defineEndpoint({
  method: 'GET',
  path: '/ops/rates/pending',
  role: 'viewer',
  responses: { 200: PendingRatesSchema, ...opsErrors },
})

/** A named admin other than the proposer applies the waiting change, naming its price. */
export const approveRate = defineEndpoint({
  method: 'POST',
  path: '/ops/rates/:pair/approve',
  role: 'admin',
  params: RateParamsSchema,
  body: PutRateBodySchema,
  responses: { 200: RateSchema, ...opsErrors, 409: e },
})

/** Withdraws the waiting change; the rate in force stays. */
export const cancelRate = defineEndpoint({
  method: 'DELETE',
  path: '/ops/rates/:pair/pending',
  role: 'admin',
  params: RateParamsSchema,
  responses: { 200: RateSchema, ...opsErrors, 404: e, 409: e },
})

/** The pair's rates, newest first. */
export const rates = defineEndpoint({
  method: 'GET',
  path: '/ops/rates/:pair',
  role: 'viewer',
  params: RateParamsSchema,
  query: LimitQuerySchema,
  responses: { 200: RatesSchema, ...opsErrors },
})

export const ledger = defineEndpoint({
  method: 'GET',
  path: '/ops/ledger',
  role: 'viewer',
  responses: { 200: LedgerSchema, ...opsErrors },
})
