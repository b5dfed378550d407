/**
 * Four eyes on a transaction as the signed-in operator meets it (docs/console.md, 'Four eyes'): who approved, whether the
 * operator may approve or send it, and if not why, in words. The server decides again on every call; this only
 * spares the operator a refusal and says beforehand what it would say.
 */
import type { TransactionFourEyes } from '@app/contract/ops'

export type Approval = TransactionFourEyes['approvals'][number]

export const when = (iso: string) => new Date(iso).toLocaleString()

/** Why an approval stopped counting: what the server checks when the transaction is sent. */
export const NO_LONGER_COUNTS = 'no longer counts (disabled, demoted, or before their signing time)'

const names = (approvals: Approval[]) => approvals.map((approval) => approval.login).join(', ')

/** A transaction that may still be sent: pending, in review, or broadcast and not yet recorded paid. */
export const isOpenTransaction = (status: string) =>
  status === 'pending' || status === 'review' || status === 'broadcasting'

/**
 * One line for the transaction's row: who approved, or that it needs an approval. A failed or paid transaction needs none any
 * more, whatever the amount in force now.
 */
export function fourEyesSummary(fourEyes: TransactionFourEyes, status: string): string {
  if (fourEyes.approvals.length === 0)
    return fourEyes.required && isOpenTransaction(status)
      ? `Needs approval (above ${fourEyes.approvalAbove} USDT)`
      : '—'
  return fourEyes.approvals
    .map((approval) =>
      approval.counts
        ? `Approved by ${approval.login} ${when(approval.approvedAt)}`
        : `${approval.login}’s approval no longer counts`,
    )
    .join('; ')
}

export type FourEyesActions = {
  /** Whether Approve is offered (a transaction that needs no approval gains nothing from one). */
  approve: { shown: boolean; label: 'Approve' | 'Approve again'; disabledWhy?: string }
  /** Why broadcasting or recording it as paid would be refused now; undefined when it would not. */
  sendDisabledWhy?: string
}

export function fourEyesActions(fourEyes: TransactionFourEyes, me: string): FourEyesActions {
  const mine = fourEyes.approvals.find((approval) => approval.login === me)
  const others = fourEyes.approvals.filter((approval) => approval.login !== me)
  const approve: FourEyesActions['approve'] = {
    shown: fourEyes.required,
    label: mine && !mine.counts ? 'Approve again' : 'Approve',
    ...(mine?.counts ? { disabledWhy: 'You approved it: another operator sends it.' } : {}),
  }
  if (!fourEyes.required || others.some((approval) => approval.counts)) return { approve }
  const sendDisabledWhy = mine
    ? 'Your own approval does not count for you: another operator sends it on your approval.'
    : others.length === 1
      ? `${names(others)}’s approval ${NO_LONGER_COUNTS}: ${names(others)} approves again, or another operator approves it.`
      : others.length > 1
        ? `The approvals of ${names(others)} no longer count: one of them approves again, or another operator approves it.`
        : `Above ${fourEyes.approvalAbove} USDT: it needs another operator’s approval before you send it (four eyes).`
  return { approve, sendDisabledWhy }
}
