import type { Transaction } from '@app/contract'

/** A payout an operator has still to settle (pending, broadcasting, in review): success and failed are final. */
export function isTransactionOpen(status: Transaction['status']): boolean {
  return status !== 'success' && status !== 'failed'
}
