import type { Transaction } from '@app/contract'
import { BSCSCAN_TX_URL, TRONSCAN_TX_URL } from './payment-constants.ts'

type Status = Transaction['status']

/** Spec section 4: pending Pending, broadcasting Processing, success Completed, review Review, failed Failed. */
export const statusNameKey = (status: Status) => `payments.transaction.status.${status}` as const
export const statusDetailsKey = (status: Status) => `payments.transaction.status.${status}.details` as const

/** Where anyone can check a payout: Tronscan for trx, BscScan otherwise; none for toman or before a txid. */
export function explorerUrl(transaction: Pick<Transaction, 'currency' | 'txid'>): string | null {
  if (transaction.currency === 'irt' || !transaction.txid) return null
  const base = transaction.currency === 'trx' ? TRONSCAN_TX_URL : BSCSCAN_TX_URL
  return `${base}${encodeURIComponent(transaction.txid)}`
}

/** 'Transaction may take up to 5 minutes to complete.' is for a pending crypto payout only. */
export function showsPendingNote(transaction: Pick<Transaction, 'currency' | 'status'>): boolean {
  return transaction.status === 'pending' && transaction.currency !== 'irt'
}

/**
 * A toman payout's tracking number: the bank reference the operator recorded as its `txid` when it was paid.
 * Crypto txids open an explorer instead (explorerUrl); none before the operator records one.
 */
export function trackingNumber(transaction: Pick<Transaction, 'currency' | 'txid'>): string | null {
  return transaction.currency === 'irt' && transaction.txid ? transaction.txid : null
}
