import type { Dashboard, Invoice, Transaction } from '@app/contract'
import type { BadgeTone } from '#components/ui/badge.tsx'
import { formatUsdt } from '#lib/format.ts'

type ConfirmationStatus = Invoice['confirmationStatus']
type PaymentStatus = Invoice['paymentStatus']
type TransactionStatus = Transaction['status']
type TransactionCurrency = Transaction['currency']

/** The badge tones; the detail screen paints its status icons in the same colours. */
export type Tone = BadgeTone

/** Confirmation status (spec section 4): short name and description keys, and the badge tone. */
export const CONFIRMATION_TONE: Record<ConfirmationStatus, Tone> = {
  pending: 'warning',
  confirmed: 'success',
  rejected: 'danger',
  validating: 'accent',
}

/** Payment status (spec section 4). */
export const PAYMENT_TONE: Record<PaymentStatus, Tone> = {
  pending: 'neutral',
  success: 'success',
  review: 'warning',
  failed: 'danger',
}

export const confirmationName = (status: ConfirmationStatus) => `invoices.confirmation.${status}.name`
export const confirmationDescription = (status: ConfirmationStatus) =>
  `invoices.confirmation.${status}.description`
export const paymentName = (status: PaymentStatus) => `invoices.payment.${status}.name`
export const paymentDescription = (status: PaymentStatus) => `invoices.payment.${status}.description`
export const transactionName = (status: TransactionStatus) => `invoices.transaction.${status}`

/**
 * Whether an invoice offers a payment request: the 'Click for payment request' hint on its list row and on its
 * detail, and the detail's 'Request Payment' button. One rule for both screens: the server's
 * isPaymentRequestAvailable (confirmed, payment pending or failed, no payout open, payments open) and the
 * dashboard's isPaymentOpen (undefined while it loads: nothing offered meanwhile). A rejected invoice, or one
 * whose request is already pending, offers none.
 */
export function offersPaymentRequest(
  invoice: Pick<Invoice, 'isPaymentRequestAvailable'>,
  isPaymentOpen: boolean | undefined,
): boolean {
  return invoice.isPaymentRequestAvailable && isPaymentOpen === true
}

export const currencyName = (currency: TransactionCurrency) => `invoices.currency.${currency}`

type PaymentFlags = Dashboard['invoice']

export type CreateButton = {
  /** Label key in the invoices namespace; `amount` fills it in, always with 2 decimals. */
  key: string
  amount: string
  enabled: boolean
}

/**
 * The create-invoice button (spec section 5): closed; at or below the minimum; at or above the maximum;
 * otherwise 'Request payment X USDT'. Enabled only while payment is open, the available amount lies within
 * [min, max], the server says a new invoice is possible (isPaymentAvailable: false after creating one) and no
 * request is in flight.
 */
export function createButton(flags: PaymentFlags, isCreating: boolean): CreateButton {
  const { isPaymentOpen, paymentAvailable: available, minPaymentLimit: min, maxPaymentLimit: max } = flags
  const enabled =
    isPaymentOpen && flags.isPaymentAvailable && available >= min && available <= max && !isCreating
  if (!isPaymentOpen) return { key: 'invoices.create.closed', amount: '', enabled }
  if (available <= min) return { key: 'invoices.create.minimum', amount: formatUsdt(min), enabled }
  if (available >= max) return { key: 'invoices.create.maximum', amount: formatUsdt(max), enabled }
  return { key: 'invoices.create.request', amount: formatUsdt(available), enabled }
}

/** Where a new invoice leads: method selection only when confirmed at once and payment is open. */
export function afterCreation(confirmationStatus: ConfirmationStatus, isPaymentOpen: boolean) {
  return confirmationStatus === 'confirmed' && isPaymentOpen ? 'select-method' : 'detail'
}
