/**
 * Invoices: turning the available balance into an invoice (one database transaction, serialized per user),
 * the user's views of them, and the operators' confirmation moves. Decisions in docs/payments.md.
 */
import type { Account, Invoice, InvoiceDetail, Page } from '@app/contract'
import type { Db } from '../../db/client.ts'
import type { CursorCodec } from '../../lib/cursor.ts'
import { DomainError, notFound } from '../../lib/domain-error.ts'
import { epochSeconds } from '../../lib/epoch-seconds.ts'
import { assemblePage } from '../../lib/keyset.ts'
import { formatUsdt, usdtToWireNumber } from '../../lib/money.ts'
import { toAccount } from '../accounts/service.ts'
import {
  findTransactionsOfInvoice,
  hasTransactionIn,
  isOpenTransactionStatus,
  OPEN_TRANSACTION_STATUSES,
  toTransaction,
} from '../payments/transactions.ts'
import { getSettings } from '../settings/service.ts'
import {
  attachAvailableAccounts,
  countInvoiceAccounts,
  findInvoice,
  findInvoiceAccountPage,
  findInvoicePage,
  findInvoicesByConfirmation,
  type InvoiceRecord,
  insertInvoice,
  invoicesWithOpenTransaction,
  lastInvoiceCreatedAt,
  lockUser,
  releaseInvoiceAccounts,
  setInvoiceAmount,
  updateConfirmationStatus,
} from './repository.ts'

/** Confirmed and not paid (never asked for, or the last payout failed): the invoice waits for a payout. */
export function invoiceAwaitsPayout(invoice: InvoiceRecord): boolean {
  return (
    invoice.confirmationStatus === 'confirmed' &&
    (invoice.paymentStatus === 'pending' || invoice.paymentStatus === 'failed')
  )
}

/** Whether the user may ask for a payout of this invoice now (docs/payments.md). */
export function paymentRequestAllowed(
  invoice: InvoiceRecord,
  paymentOpen: boolean,
  hasOpenTransaction: boolean,
) {
  return paymentOpen && invoiceAwaitsPayout(invoice) && !hasOpenTransaction
}

function toInvoice(row: InvoiceRecord, isPaymentRequestAvailable: boolean): Invoice {
  return {
    uid: row.uid,
    amount: usdtToWireNumber(row.amount),
    currency: 'usdt',
    confirmationStatus: row.confirmationStatus as Invoice['confirmationStatus'],
    paymentStatus: row.paymentStatus as Invoice['paymentStatus'],
    isPaymentRequestAvailable,
    createdAt: epochSeconds(row.createdAt),
  }
}

const balanceError = (code: 'BALANCE_LOW_ERROR' | 'BALANCE_HIGH_ERROR', balance: bigint, limit: bigint) =>
  code === 'BALANCE_LOW_ERROR'
    ? new DomainError(400, code, 'Your balance is below the minimum payment limit', {
        balance: usdtToWireNumber(balance),
        minimum: usdtToWireNumber(limit),
      })
    : new DomainError(400, code, 'Your balance is above the maximum payment limit; please contact support', {
        balance: usdtToWireNumber(balance),
        maximum: usdtToWireNumber(limit),
      })

/**
 * Creates an invoice of every accepted account not yet on one. The user's row is locked first, so
 * concurrent requests of one user (double taps, retries, several processes) run one after the other:
 * the first attaches the accounts, the next find nothing left (BALANCE_LOW_ERROR) or must wait.
 * Any refusal rolls the whole transaction back.
 */
export async function requestInvoice(db: Db, userId: number, now: Date) {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId)
    const settings = await getSettings(tx)
    if (!settings.payment_open) {
      throw new DomainError(400, 'PAYMENT_CLOSED', 'Withdrawals are temporarily closed')
    }
    const delay = settings.invoice_delay_seconds
    const last = await lastInvoiceCreatedAt(tx, userId)
    if (last !== undefined) {
      // `now` was read before this request waited for the lock: a request that came in just after it may have
      // committed an invoice stamped a little later. Such an invoice counts as made right now, not in the future.
      const elapsed = Math.max(0, Math.floor((now.getTime() - last.getTime()) / 1000))
      if (elapsed < delay) {
        const wait = delay - elapsed
        throw new DomainError(
          400,
          'ACTION_WAIT_REQUIRED_ERROR',
          `Please wait ${wait} seconds before the next invoice`,
          { delay, wait },
        )
      }
    }
    const invoice = await insertInvoice(tx, userId, now)
    const amount = await attachAvailableAccounts(tx, userId, invoice.id)
    if (amount === 0n || amount < settings.min_payment_limit) {
      throw balanceError('BALANCE_LOW_ERROR', amount, settings.min_payment_limit)
    }
    if (amount > settings.max_payment_limit) {
      throw balanceError('BALANCE_HIGH_ERROR', amount, settings.max_payment_limit)
    }
    const saved = await setInvoiceAmount(tx, invoice.id, amount)
    return { uid: saved.uid, confirmationStatus: saved.confirmationStatus as Invoice['confirmationStatus'] }
  })
}

export async function listInvoices(
  db: Db,
  cursors: CursorCodec,
  userId: number,
  input: { cursor?: string | undefined; size: number },
): Promise<Page<Invoice>> {
  const from = input.cursor === undefined ? undefined : cursors.decode(input.cursor)
  const [rows, settings] = await Promise.all([
    findInvoicePage(db, userId, input.size + 1, from),
    getSettings(db),
  ])
  const open = await invoicesWithOpenTransaction(
    db,
    rows.map((row) => row.id),
  )
  return assemblePage(rows, input.size, from, cursors, (row) =>
    toInvoice(row, paymentRequestAllowed(row, settings.payment_open, open.has(row.id))),
  )
}

/** The user's own invoice; another user's is a 404, the same as a missing one. */
async function invoiceOfUser(db: Db, userId: number, uid: string): Promise<InvoiceRecord> {
  const invoice = await findInvoice(db, uid, { userId })
  if (!invoice) throw notFound('Invoice not found')
  return invoice
}

export async function getInvoiceDetail(db: Db, userId: number, uid: string): Promise<InvoiceDetail> {
  const invoice = await invoiceOfUser(db, userId, uid)
  const [transactions, settings] = await Promise.all([
    findTransactionsOfInvoice(db, invoice.id),
    getSettings(db),
  ])
  const hasOpen = transactions.some((t) => isOpenTransactionStatus(t.status))
  return {
    ...toInvoice(invoice, paymentRequestAllowed(invoice, settings.payment_open, hasOpen)),
    transactions: transactions.map(toTransaction),
  }
}

export async function listInvoiceAccounts(
  db: Db,
  cursors: CursorCodec,
  userId: number,
  uid: string,
  input: { cursor?: string | undefined; size: number },
): Promise<Page<Account> & { total: number }> {
  const invoice = await invoiceOfUser(db, userId, uid)
  const from = input.cursor === undefined ? undefined : cursors.decode(input.cursor)
  const [rows, total] = await Promise.all([
    findInvoiceAccountPage(db, invoice.id, input.size + 1, from),
    countInvoiceAccounts(db, invoice.id),
  ])
  return { ...assemblePage(rows, input.size, from, cursors, toAccount), total }
}

// --- Operators ---

export function toOpsInvoice(row: InvoiceRecord) {
  return {
    uid: row.uid,
    amount: formatUsdt(row.amount),
    confirmationStatus: row.confirmationStatus,
    paymentStatus: row.paymentStatus,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  }
}
export type OpsInvoice = ReturnType<typeof toOpsInvoice>

const invalidState = (message: string) => new DomainError(409, 'INVALID_STATE', message)

export type ConfirmationMove = 'confirm' | 'reject' | 'validate'

const MOVES: Record<ConfirmationMove, { from: readonly string[]; to: string }> = {
  confirm: { from: ['pending', 'validating'], to: 'confirmed' },
  validate: { from: ['pending'], to: 'validating' },
  reject: { from: ['pending', 'validating', 'confirmed'], to: 'rejected' },
}

/**
 * An operator's confirmation move. Rejecting gives the accounts back to the available balance and is
 * refused once a payout is open or done (the invoice row is locked so no payment request slips in).
 */
export async function moveInvoiceConfirmation(
  db: Db,
  uid: string,
  move: ConfirmationMove,
): Promise<OpsInvoice> {
  return db.transaction(async (tx) => {
    const invoice = await findInvoice(tx, uid, { forUpdate: true })
    if (!invoice) throw notFound('Invoice not found')
    const { from, to } = MOVES[move]
    if (!from.includes(invoice.confirmationStatus)) {
      throw invalidState(`Invoice is ${invoice.confirmationStatus}; ${move} needs ${from.join(' or ')}`)
    }
    if (
      move === 'reject' &&
      (await hasTransactionIn(tx, invoice.id, [...OPEN_TRANSACTION_STATUSES, 'success']))
    ) {
      throw invalidState('Invoice has an open or successful payout; it cannot be rejected')
    }
    const moved = await updateConfirmationStatus(tx, invoice.id, from, to)
    if (!moved) throw invalidState('Invoice changed meanwhile; try again')
    if (move === 'reject') await releaseInvoiceAccounts(tx, invoice.id)
    return toOpsInvoice(moved)
  })
}

export async function listOpsInvoices(db: Db, status: string | undefined, limit: number) {
  return (await findInvoicesByConfirmation(db, status, limit)).map(toOpsInvoice)
}
