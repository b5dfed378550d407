/**
 * An invoice's confirmation: the operators' moves and the statuses each starts from. Pure rules; the invoice service
 * applies them inside database transactions (the payment side: modules/transactions/status-rules.ts). The same moves
 * are drawn in docs/transactions.md.
 */
import type { Invoice } from '@app/contract'

export type ConfirmationStatus = Invoice['confirmationStatus']

export type ConfirmationMove = 'confirm' | 'reject' | 'validate'

export const CONFIRMATION_MOVES: Record<
  ConfirmationMove,
  { from: readonly ConfirmationStatus[]; to: ConfirmationStatus }
> = {
  confirm: { from: ['pending', 'validating'], to: 'confirmed' },
  validate: { from: ['pending'], to: 'validating' },
  reject: { from: ['pending', 'validating', 'confirmed'], to: 'rejected' },
}
