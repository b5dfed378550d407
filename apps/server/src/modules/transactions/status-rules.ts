/**
 * A transaction's status (operators' moves), the invoice's payment status that follows it, and which statuses count
 * as open. Pure rules; the transaction and invoice services apply them inside database transactions (an invoice's
 * confirmation: modules/invoices/status-rules.ts). The same moves are drawn in docs/transactions.md.
 */
import type { Invoice, Transaction } from '@app/contract'
import type { TransactionMove } from '@app/contract/ops'
import { validationError } from '#lib/domain-error.ts'

export type PaymentStatus = Invoice['paymentStatus']
export type TransactionStatus = Transaction['status']
export type TransactionCurrency = Transaction['currency']

/** Transaction statuses that block a new payment request (the one-open-per-invoice index uses the same). */
export const OPEN_TRANSACTION_STATUSES = [
  'pending',
  'broadcasting',
  'review',
] as const satisfies readonly TransactionStatus[]

export function isOpenTransactionStatus(status: TransactionStatus): boolean {
  return OPEN_TRANSACTION_STATUSES.some((open) => open === status)
}

/** An invoice's reject is refused while it has a transaction open or done: its accounts are being paid. */
export const TRANSACTION_STATUSES_BLOCKING_REJECT: readonly TransactionStatus[] = [
  ...OPEN_TRANSACTION_STATUSES,
  'success',
]

// --- Payment requests (users) ---

/** Confirmed and not paid (never asked for, or the last transaction failed): the invoice waits for a payment. */
export function invoiceAwaitsPayment(
  invoice: Pick<Invoice, 'confirmationStatus' | 'paymentStatus'>,
): boolean {
  return (
    invoice.confirmationStatus === 'confirmed' &&
    (invoice.paymentStatus === 'pending' || invoice.paymentStatus === 'failed')
  )
}

/** Whether the user may make a payment request of this invoice now (`isPaymentRequestAvailable`). */
export function paymentRequestAllowed(
  invoice: Pick<Invoice, 'confirmationStatus' | 'paymentStatus'>,
  paymentOpen: boolean,
  hasOpenTransaction: boolean,
): boolean {
  return paymentOpen && invoiceAwaitsPayment(invoice) && !hasOpenTransaction
}

// --- Transactions (operators) ---

export type StatusMove =
  | { to: 'broadcasting' }
  | { to: 'success'; txid: string; senderAddress?: string | undefined }
  | { to: 'failed' }
  | { to: 'review' }

const MOVE_TARGET = { broadcast: 'broadcasting', fail: 'failed', review: 'review' } as const

/** The status move an operator's call names (`POST /ops/transactions/:uid/:move`): recording success needs the txid. */
export function statusMoveOf(
  move: TransactionMove,
  body: { txid?: string | undefined; senderAddress?: string | undefined } | null | undefined,
): StatusMove {
  if (move !== 'succeed') return { to: MOVE_TARGET[move] }
  const txid = body?.txid
  if (txid === undefined) throw validationError('txid: required to record a payout')
  return { to: 'success', txid, senderAddress: body?.senderAddress }
}

/** The statuses each status move starts from. */
export const MOVES_FROM: Record<StatusMove['to'], readonly TransactionStatus[]> = {
  broadcasting: ['pending'],
  success: ['pending', 'broadcasting', 'review'],
  failed: ['pending', 'broadcasting', 'review'],
  review: ['pending', 'broadcasting'],
}

/**
 * The invoice's payment status once a new payment request is recorded: not paid yet. After a failed transaction
 * the re-request moves the invoice from `failed` back to `pending`, so the list and the detail say 'Not Paid' while
 * the new transaction is open, not the failure of the previous one.
 */
export const PAYMENT_STATUS_ON_REQUEST: PaymentStatus = 'pending'

/** The invoice's payment status each transaction status leads to (none: unchanged). */
export const PAYMENT_STATUS_AFTER: Partial<Record<TransactionStatus, PaymentStatus>> = {
  success: 'success',
  failed: 'failed',
  review: 'review',
}
