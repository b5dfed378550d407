import type { Transaction } from '@app/contract'
import type { BadgeTone } from '#components/ui/badge.tsx'

/**
 * One badge colour per transaction status, shared by the invoice's transaction list and the transaction
 * screen so a payout looks the same in both (review: warning, as the invoice's 'awaiting review').
 */
export const TRANSACTION_TONE: Record<Transaction['status'], BadgeTone> = {
  pending: 'neutral',
  broadcasting: 'accent',
  success: 'success',
  review: 'warning',
  failed: 'danger',
}
