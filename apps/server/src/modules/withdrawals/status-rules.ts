/**
 * The withdrawal state machines in one place: an invoice's confirmation (operators' moves), a payout
 * transaction's status (operators' moves), the invoice's payment status that follows it, and which statuses
 * count as open. Pure rules; the invoice and payout services apply them inside database transactions.
 * The same moves are drawn in docs/payments.md.
 */
import type { Invoice, Transaction } from '@app/contract'
import type { TransactionMove } from '@app/contract/ops'
import { validationError } from '../../lib/domain-error.ts'

export type ConfirmationStatus = Invoice['confirmationStatus']
export type PaymentStatus = Invoice['paymentStatus']
export type TransactionStatus = Transaction['status']
export type PayoutCurrency = Transaction['currency']

/** Transaction statuses that block a new payment request (the one-open-per-invoice index uses the same). */
export const OPEN_TRANSACTION_STATUSES = [
  'pending',
  'broadcasting',
  'review',
] as const satisfies readonly TransactionStatus[]

export function isOpenTransactionStatus(status: TransactionStatus): boolean {
  return OPEN_TRANSACTION_STATUSES.some((open) => open === status)
}

// --- Invoice confirmation (operators) ---

export type ConfirmationMove = 'confirm' | 'reject' | 'validate'

export const CONFIRMATION_MOVES: Record<
  ConfirmationMove,
  { from: readonly ConfirmationStatus[]; to: ConfirmationStatus }
> = {
  confirm: { from: ['pending', 'validating'], to: 'confirmed' },
  validate: { from: ['pending'], to: 'validating' },
  reject: { from: ['pending', 'validating', 'confirmed'], to: 'rejected' },
}

/** A reject is refused while the invoice has a payout open or done: its accounts are being paid. */
export const TRANSACTION_STATUSES_BLOCKING_REJECT: readonly TransactionStatus[] = [
  ...OPEN_TRANSACTION_STATUSES,
  'success',
]

// --- Payment requests (users) ---

/** Confirmed and not paid (never asked for, or the last payout failed): the invoice waits for a payout. */
export function invoiceAwaitsPayout(invoice: Pick<Invoice, 'confirmationStatus' | 'paymentStatus'>): boolean {
  return (
    invoice.confirmationStatus === 'confirmed' &&
    (invoice.paymentStatus === 'pending' || invoice.paymentStatus === 'failed')
  )
}

/** Whether the user may ask for a payout of this invoice now (`isPaymentRequestAvailable`). */
export function paymentRequestAllowed(
  invoice: Pick<Invoice, 'confirmationStatus' | 'paymentStatus'>,
  paymentOpen: boolean,
  hasOpenTransaction: boolean,
): boolean {
  return paymentOpen && invoiceAwaitsPayout(invoice) && !hasOpenTransaction
}

// --- Payouts (operators) ---

export type PayoutMove =
  | { to: 'broadcasting' }
  | { to: 'success'; txid: string; senderAddress?: string | undefined }
  | { to: 'failed' }
  | { to: 'review' }

const MOVE_TARGET = { broadcast: 'broadcasting', fail: 'failed', review: 'review' } as const

/** The payout move an operator's call names (`POST /ops/transactions/:uid/:move`): recording success needs the txid. */
export function payoutMoveOf(
  move: TransactionMove,
  body: { txid?: string | undefined; senderAddress?: string | undefined } | null | undefined,
): PayoutMove {
  if (move !== 'succeed') return { to: MOVE_TARGET[move] }
  const txid = body?.txid
  if (txid === undefined) throw validationError('txid: required to record a payout')
  return { to: 'success', txid, senderAddress: body?.senderAddress }
}

/** The statuses each payout move starts from. */
export const PAYOUT_MOVES_FROM: Record<PayoutMove['to'], readonly TransactionStatus[]> = {
  broadcasting: ['pending'],
  success: ['pending', 'broadcasting', 'review'],
  failed: ['pending', 'broadcasting', 'review'],
  review: ['pending', 'broadcasting'],
}

/**
 * The invoice's payment status once a new payment request is recorded: not paid yet. After a failed payout the
 * re-request moves the invoice from `failed` back to `pending`, so the list and the detail say 'Not Paid' while
 * the new payout is open, not the failure of the previous one.
 */
export const PAYMENT_STATUS_ON_REQUEST: PaymentStatus = 'pending'

/** The invoice's payment status each transaction status leads to (none: unchanged). */
export const PAYMENT_STATUS_AFTER: Partial<Record<TransactionStatus, PaymentStatus>> = {
  success: 'success',
  failed: 'failed',
  review: 'review',
}
