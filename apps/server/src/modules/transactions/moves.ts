/**
 * Operators' moves of a transaction (docs/transactions.md): broadcast, succeed, fail, review, and four eyes'
 * approvals. The invoice's payment status and the user's message follow in the same database transaction.
 */

import type { Db } from '#db/client.ts'
import { DomainError, notFound } from '#lib/domain-error.ts'
import { queueUserMessage, transactionThenWake } from '../bot-outbox/queue.ts'
import type { SigningOperator } from '../signers/signers.ts'
import { type ChainWord, chainCheckOfSuccess, checkProof } from './chain-recording.ts'
import type { TransactionsContext } from './context.ts'
import { approveTransaction, requireFourEyes } from './four-eyes.ts'
import { lockInvoice, setInvoicePaymentStatus } from './invoice-payments.ts'
import { opsTransaction } from './operator-reads.ts'
import { findTransaction, type TransactionRecord, updateTransactionStatus } from './repository.ts'
import { MOVES_FROM, PAYMENT_STATUS_AFTER, type StatusMove, type TransactionStatus } from './status-rules.ts'
import { explorerUrl, type OpsTransaction, toTransaction } from './views.ts'

const changedMeanwhile = () =>
  new DomainError(409, 'INVALID_STATE', 'Transaction changed meanwhile; try again')

/** What follows a transaction's move in its database transaction: the user's message and the invoice's payment status. */
export async function followMove(
  tx: Db,
  row: TransactionRecord,
  to: TransactionStatus,
  txid: string | null,
  at: Date,
): Promise<void> {
  if (to === 'success' || to === 'failed') {
    const view = toTransaction({ ...row, status: to })
    await queueUserMessage(tx, {
      userId: row.userId,
      kind: to === 'success' ? 'payout_succeeded' : 'payout_failed',
      params: {
        amount: String(view.net),
        currency: row.currency === 'irt' ? 'IRT' : row.currency.toUpperCase(),
        link: (to === 'success' ? explorerUrl(row.currency, txid) : undefined) ?? '',
        invoiceUid: row.invoiceUid,
        transactionUid: row.uid,
      },
      now: at,
    })
  }
  const paymentStatus = PAYMENT_STATUS_AFTER[to]
  if (paymentStatus !== undefined) {
    await setInvoicePaymentStatus(tx, row.invoiceId, paymentStatus, to === 'success' ? at : null)
  }
}

/** The move, in the database transaction `tx` with the invoice locked. */
async function moveLocked(
  ctx: TransactionsContext,
  tx: Db,
  row: TransactionRecord,
  move: StatusMove,
  by: SigningOperator,
  word: ChainWord | undefined,
  movedAt: Date,
) {
  const from = MOVES_FROM[move.to]
  if (!from.includes(row.status)) {
    throw new DomainError(409, 'INVALID_STATE', `Transaction is ${row.status}; cannot move it to ${move.to}`)
  }
  if (move.to === 'success') checkProof(row, move)
  if (move.to === 'broadcasting' || move.to === 'success') await requireFourEyes(tx, by, row, movedAt)
  if (move.to !== 'success') {
    const moved = await updateTransactionStatus(tx, row.id, from, { status: move.to })
    if (!moved) throw changedMeanwhile()
    await followMove(tx, row, move.to, null, movedAt)
    return
  }
  const check = await chainCheckOfSuccess(ctx, tx, row, move, word, movedAt)
  // Found and right but not final yet: broadcasting, re-checked in the background until it is.
  const to = check.chainCheck === 'waiting' ? 'broadcasting' : 'success'
  const moved = await updateTransactionStatus(tx, row.id, from, {
    status: to,
    txid: move.txid,
    senderAddress: move.senderAddress ?? null,
    ...(to === 'success' ? { paidAt: movedAt } : {}),
    ...check,
  })
  if (!moved) throw changedMeanwhile()
  await followMove(tx, row, to, move.txid, movedAt)
}

/**
 * An operator's move of a transaction; the invoice's payment status follows in the same database transaction.
 * Sending (broadcasting, success) a transaction above the approval amount needs four eyes (`four-eyes.ts`), checked
 * here so that no caller can skip it.
 */
export async function moveTransaction(
  ctx: TransactionsContext,
  uid: string,
  move: StatusMove,
  by: SigningOperator,
  word?: ChainWord,
): Promise<OpsTransaction> {
  const movedAt = ctx.now()
  await transactionThenWake(ctx.db, ctx.messageQueued, async (tx) => {
    const row = await findTransaction(tx, uid)
    if (!row) throw notFound('Transaction not found')
    // Lock the invoice: no payment request or other move of it runs meanwhile.
    await lockInvoice(tx, row.invoiceUid)
    await moveLocked(ctx, tx, row, move, by, word, movedAt)
  })
  return opsTransaction(ctx, uid)
}

/** A named operator approves a transaction (four eyes). */
export const approve = (ctx: TransactionsContext, by: SigningOperator, uid: string) =>
  ctx.db.transaction((tx) => approveTransaction(tx, by, uid, ctx.now()))
