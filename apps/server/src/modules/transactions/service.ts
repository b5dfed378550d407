/**
 * Transactions (docs/transactions.md), as one service: the use cases are plain functions of the transactions' context
 * (context.ts), bound here once. Payment requests: request-payment.ts; operators' moves and four eyes: moves.ts;
 * recording a success and the chain check: chain-recording.ts; operators' lists: operator-reads.ts; the background
 * chain check: recheck.ts.
 */
import { randomUUID } from 'node:crypto'
import { bindContext } from '#lib/bind-context.ts'
import { checkOnChain } from './chain-recording.ts'
import type { TransactionServiceDeps, TransactionsContext } from './context.ts'
import { approve, moveTransaction } from './moves.ts'
import { approvalState, countWaiting, listForOperators, snapshot } from './operator-reads.ts'
import { recheckRound, recheckWaiting, startRecheck } from './recheck.ts'
import { getTransaction, requestPayment } from './request-payment.ts'

export function createTransactionService(deps: TransactionServiceDeps) {
  const ctx: TransactionsContext = { ...deps, holder: randomUUID() }
  return bindContext(ctx, {
    recheckRound,
    recheckWaiting,
    startRecheck,
    request: requestPayment,
    get: getTransaction,
    listForOperators,
    approvalState,
    snapshot,
    countWaiting,
    checkOnChain,
    approve,
    move: moveTransaction,
  })
}
