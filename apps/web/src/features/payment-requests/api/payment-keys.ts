import type { ExchangePair } from '@app/contract'

/**
 * Query keys of the payments feature, generic to specific. Transactions, saved bank cards and exchange
 * rates are read only by these screens; the invoices feature owns ['invoices', ...].
 */
export const paymentKeys = {
  transactions: ['transactions'] as const,
  transaction: (transactionUid: string) => [...paymentKeys.transactions, 'detail', transactionUid] as const,
  bankCards: ['bank-cards'] as const,
  bankCardList: (size: number) => [...paymentKeys.bankCards, 'list', { size }] as const,
  exchanges: ['exchanges'] as const,
  exchange: (pair: ExchangePair) => [...paymentKeys.exchanges, pair] as const,
}
