/** Operators and invoices (docs/transactions.md): the queue, and the confirmation moves. */
import type { OpsInvoiceRow } from '@app/contract/ops'
import { DomainError, notFound } from '#lib/domain-error.ts'
import { assemblePage } from '#lib/keyset.ts'
import { formatUsdt, formatUsdt2 } from '#lib/money.ts'
import { queueUserMessage, transactionThenWake } from '../bot-outbox/queue.ts'
import { releaseInvoiceEarnings } from '../referrals/earnings-repository.ts'
import { hasTransactionIn } from '../transactions/repository.ts'
import { TRANSACTION_STATUSES_BLOCKING_REJECT } from '../transactions/status-rules.ts'
import type { InvoicesContext } from './context.ts'
import {
  findInvoice,
  findInvoicesByConfirmation,
  releaseInvoiceAccounts,
  updateConfirmationStatus,
} from './repository.ts'
import { CONFIRMATION_MOVES, type ConfirmationMove, type ConfirmationStatus } from './status-rules.ts'
import { type OpsInvoice, toOpsInvoice } from './views.ts'

const invalidState = (message: string) => new DomainError(409, 'INVALID_STATE', message)

/** Its statuses before an operator moves it (the audit log); null when there is no such invoice. */
export async function snapshot(ctx: InvoicesContext, uid: string) {
  const row = await findInvoice(ctx.db, uid)
  return row === undefined
    ? null
    : { confirmationStatus: row.confirmationStatus, paymentStatus: row.paymentStatus }
}

/** Each with its user, its account count and the referral earnings part of its amount. */
export async function listForOperators(
  ctx: InvoicesContext,
  input: { status?: ConfirmationStatus | undefined; cursor?: string | undefined; limit: number },
): Promise<{ items: OpsInvoiceRow[]; nextPage: string | null }> {
  const { cursors } = ctx
  const from = input.cursor === undefined ? undefined : cursors.decode(input.cursor)
  const rows = await findInvoicesByConfirmation(ctx.db, input.status, input.limit + 1, from)
  const page = assemblePage(rows, input.limit, from, cursors, (row) => ({
    ...toOpsInvoice(row),
    telegramId: row.telegramId,
    firstName: row.firstName,
    accountCount: Number(row.accountCount),
    referralEarnings: formatUsdt(BigInt(row.referralEarnings)),
  }))
  return { items: page.items, nextPage: page.nextPage }
}

/**
 * An operator's confirmation move. Rejecting gives the accounts and referral earnings back to the available balance
 * and is refused once a transaction is open or done (the invoice row is locked so no payment request slips in).
 */
export async function moveInvoice(
  ctx: InvoicesContext,
  uid: string,
  move: ConfirmationMove,
): Promise<OpsInvoice> {
  return transactionThenWake(ctx.db, ctx.messageQueued, async (tx) => {
    const invoice = await findInvoice(tx, uid, { forUpdate: true })
    if (!invoice) throw notFound('Invoice not found')
    const { from, to } = CONFIRMATION_MOVES[move]
    if (!from.includes(invoice.confirmationStatus)) {
      throw invalidState(`Invoice is ${invoice.confirmationStatus}; ${move} needs ${from.join(' or ')}`)
    }
    if (move === 'reject' && (await hasTransactionIn(tx, invoice.id, TRANSACTION_STATUSES_BLOCKING_REJECT))) {
      throw invalidState('Invoice has an open or successful payout; it cannot be rejected')
    }
    const moved = await updateConfirmationStatus(tx, invoice.id, from, to)
    if (!moved) throw invalidState('Invoice changed meanwhile; try again')
    if (move !== 'validate') {
      await queueUserMessage(tx, {
        userId: invoice.userId,
        kind: move === 'confirm' ? 'invoice_confirmed' : 'invoice_rejected',
        params: { amount: formatUsdt2(invoice.amount), invoiceUid: invoice.uid },
        now: ctx.now(),
      })
    }
    if (move === 'reject') {
      await releaseInvoiceAccounts(tx, invoice.id)
      await releaseInvoiceEarnings(tx, invoice.id)
    }
    return toOpsInvoice(moved)
  })
}
