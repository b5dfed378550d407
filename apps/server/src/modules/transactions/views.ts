/** How transactions look on the wire (users) and to operators (exact amounts, ISO times). */
import type { Transaction } from '@app/contract'
import type { ChainCheck } from '@app/contract/ops'
import { epochSeconds } from '#lib/epoch-seconds.ts'
import { formatUsdt, netToWire, usdtToWireNumber } from '#lib/money.ts'
import type { FourEyesView } from './four-eyes.ts'
import type { TransactionRecord } from './repository.ts'
import type { TransactionCurrency } from './status-rules.ts'

const netToExact = (currency: TransactionCurrency, net: bigint) =>
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
export function explorerUrl(currency: TransactionCurrency, txid: string | null): string | undefined {
  if (txid === null || currency === 'irt') return undefined
  return currency === 'trx' ? `https://tronscan.org/#/transaction/${txid}` : `https://bscscan.com/tx/${txid}`
}

/**
 * A transaction's chain check as operators read it. A toman transaction has none to have; a TRX or USDT one that
 * succeeded before the check existed counts as unverified.
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
