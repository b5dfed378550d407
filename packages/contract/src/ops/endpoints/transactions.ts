/** Transactions: the operators' list, their moves (the chain check included) and four eyes' approvals. */
import * as z from 'zod/mini'
import { ErrorResponseSchema as e } from '../../common.ts'
import { defineEndpoint } from '../../endpoint.ts'
import { NoBodySchema, TransactionApprovalSchema } from '../operators.ts'
import {
  OpsTransactionListQuerySchema,
  OpsTransactionPageSchema,
  OpsTransactionSchema,
  TransactionMoveBodySchema,
  TransactionMoveParamsSchema,
  TransactionUidParamsSchema,
} from '../transactions.ts'
import { opsErrors } from './errors.ts'

const moveErrors = { ...opsErrors, 404: e, 409: e }

export const list = defineEndpoint({
  method: 'GET',
  path: '/ops/transactions',
  role: 'viewer',
  query: OpsTransactionListQuerySchema,
  responses: { 200: OpsTransactionPageSchema, ...opsErrors },
})

/**
 * Broadcast, succeed (with the txid), fail or review (a reason from named operators); four eyes above the approval
 * amount. A TRX or USDT success is read on its chain first (docs/transactions.md, 'Chain check'): 409 CHAIN_CHECK_FAILED
 * when the chain does not show it, 503 CHAIN_UNAVAILABLE (Retry-After) when its endpoint cannot say.
 */
export const move = defineEndpoint({
  method: 'POST',
  path: '/ops/transactions/:uid/:move',
  role: 'operator',
  params: TransactionMoveParamsSchema,
  body: z.nullish(TransactionMoveBodySchema),
  responses: { 200: OpsTransactionSchema, ...moveErrors, 503: e },
})

/** Four eyes: a named operator's approval of a transaction. */
export const approve = defineEndpoint({
  method: 'POST',
  path: '/ops/transactions/:uid/approve',
  role: 'operator',
  params: TransactionUidParamsSchema,
  body: NoBodySchema,
  responses: { 200: TransactionApprovalSchema, ...moveErrors },
})
