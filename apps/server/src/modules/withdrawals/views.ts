/** How invoices and their payout transactions look on the wire (users) and to operators (exact amounts, ISO times). */
import type { Invoice, Transaction } from '@app/contract'
import type { ChainCheck } from '@app/contract/ops'
import { epochSeconds } from '../../lib/epoch-seconds.ts'
import { formatUsdt, netToWire, usdtToWireNumber } from '../../lib/money.ts'
import type { FourEyesView } from './four-eyes.ts'
import type { InvoiceRecord } from './invoice-repository.ts'
import type { PayoutCurrency } from './status-rules.ts'
import type { TransactionRecord } from './transaction-repository.ts'

export function toInvoice(row: InvoiceRecord, isPaymentRequestAvailable: boolean): Invoice {
  return {
    uid: row.uid,
    amount: usdtToWireNumber(row.amount),
    currency: 'usdt',
    confirmationStatus: row.confirmationStatus,
    paymentStatus: row.paymentStatus,
    isPaymentRequestAvailable,
    createdAt: epochSeconds(row.createdAt),
  }
}

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

const netToExact = (currency: PayoutCurrency, net: bigint) =>
  currency === 'irt' ? net.toString() : formatUsdt(net)

export function toTransaction(row: TransactionRecord): Transaction {
  const { currency } = row
  return {
    uid: row.uid,
    invoiceUid: row.invoiceUid,
    currency,
    net: netToWire(currency, row.net),
    rate: Number(formatUsdt(row.rate)),
    status: row.status,
    userFee: usdtToWireNumber(row.userFee),
    createdAt: epochSeconds(row.createdAt),
    updatedAt: epochSeconds(row.updatedAt),
    paidAt: row.paidAt === null ? null : epochSeconds(row.paidAt),
    txid: row.txid,
    senderAddress: row.senderAddress,
    receiverAddress: row.receiverAddress,
    referrerTelegramId: row.referrerTelegramId,
  }
}

/** The transaction on its chain's explorer; undefined for toman or without a txid. */
export function explorerUrl(currency: PayoutCurrency, txid: string | null): string | undefined {
  if (txid === null || currency === 'irt') return undefined
  return currency === 'trx' ? `https://tronscan.org/#/transaction/${txid}` : `https://bscscan.com/tx/${txid}`
}

/**
 * A payout's chain check as operators read it. A toman payout has none to have; a TRX or USDT payout succeeded
 * before the check existed counts as unverified.
 */
function toChainCheck(row: TransactionRecord): ChainCheck {
  const state =
    row.currency === 'irt'
      ? 'not_applicable'
      : (row.chainCheck ?? (row.status === 'success' ? 'unverified' : 'none'))
  return {
    state,
    confirmations: row.chainConfirmations,
    required: row.chainRequired,
    reason: row.chainReason,
    checkedAt: row.chainCheckedAt?.toISOString() ?? null,
    explorerUrl: explorerUrl(row.currency, row.txid) ?? null,
  }
}

export function toOpsTransaction(row: TransactionRecord, fourEyes: FourEyesView) {
  const { currency } = row
  return {
    uid: row.uid,
    invoiceUid: row.invoiceUid,
    telegramId: row.telegramId,
    firstName: row.firstName,
    currency,
    status: row.status,
    amount: formatUsdt(row.amount),
    userFee: formatUsdt(row.userFee),
    rate: formatUsdt(row.rate),
    net: netToExact(currency, row.net),
    valueUsdt: formatUsdt(row.valueUsdt),
    receiverAddress: row.receiverAddress,
    bankCard:
      row.cardNumber === null ? null : { name: row.cardName, family: row.cardFamily, number: row.cardNumber },
    txid: row.txid,
    senderAddress: row.senderAddress,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    fourEyes,
    chainCheck: toChainCheck(row),
  }
}
export type OpsTransaction = ReturnType<typeof toOpsTransaction>
