/** Transactions as operators read them (docs/console.md): the list with its four eyes, one transaction, counts. */
import { notFound } from '#lib/domain-error.ts'
import { assemblePage } from '#lib/keyset.ts'
import type { TransactionsContext } from './context.ts'
import { approvalState as approvalStateAt, fourEyesOf } from './four-eyes.ts'
import { countWaitingTransactions, findTransaction, findTransactionsByStatus } from './repository.ts'
import type { TransactionCurrency, TransactionStatus } from './status-rules.ts'
import { type OpsTransaction, toOpsTransaction } from './views.ts'

/** A transaction as operators see it now, with its four eyes. */
export async function opsTransaction(ctx: TransactionsContext, uid: string): Promise<OpsTransaction> {
  const row = await findTransaction(ctx.db, uid)
  if (!row) throw notFound('Transaction not found')
  const fourEyes = await fourEyesOf(ctx.db, [uid], ctx.now())
  return toOpsTransaction(row, fourEyes(row))
}

export async function listForOperators(
  ctx: TransactionsContext,
  input: {
    status?: TransactionStatus | undefined
    currency?: TransactionCurrency | undefined
    chainCheck?: OpsTransaction['chainCheck']['state'] | undefined
    cursor?: string | undefined
    limit: number
  },
): Promise<{ items: OpsTransaction[]; nextPage: string | null }> {
  const { db, cursors } = ctx
  const from = input.cursor === undefined ? undefined : cursors.decode(input.cursor)
  const rows = await findTransactionsByStatus(
    db,
    { status: input.status, currency: input.currency, chainCheck: input.chainCheck },
    input.limit + 1,
    from,
  )
  // The rows of the page only (the scan reads one more, to know whether a next page exists).
  const fourEyes = await fourEyesOf(
    db,
    rows.slice(0, input.limit).map((row) => row.uid),
    ctx.now(),
  )
  const page = assemblePage(rows, input.limit, from, cursors, (row) => toOpsTransaction(row, fourEyes(row)))
  return { items: page.items, nextPage: page.nextPage }
}

/** Four eyes: whether the transaction needs a second operator's approval now, and who gave one. */
export const approvalState = (ctx: TransactionsContext, uid: string) =>
  approvalStateAt(ctx.db, uid, ctx.now())

/** Its state before an operator moves it (the audit log); null when there is no such transaction. */
export async function snapshot(ctx: TransactionsContext, uid: string) {
  const row = await findTransaction(ctx.db, uid)
  return row === undefined ? null : { status: row.status, txid: row.txid, senderAddress: row.senderAddress }
}

/** Transactions waiting for confirmations now (the console's overview). */
export const countWaiting = (ctx: TransactionsContext) => countWaitingTransactions(ctx.db)
