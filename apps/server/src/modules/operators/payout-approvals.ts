/**
 * Four eyes on large payouts (docs/console.md): a payout above the `payout_approval_above` setting is sent
 * (broadcast or recorded as succeeded) only after an operator other than the one sending it has approved it.
 */
import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { operators, payoutApprovals } from '../../db/operators-schema.ts'
import { DomainError, notFound } from '../../lib/domain-error.ts'
import { readSettings } from '../settings/repository.ts'
import { findTransaction } from '../withdrawals/transaction-repository.ts'
import type { OperatorActor } from './service.ts'

const APPROVABLE = new Set(['pending', 'review', 'broadcasting'])

async function approversOf(tx: Db, uid: string): Promise<string[]> {
  const rows = await tx
    .select({ login: operators.login })
    .from(payoutApprovals)
    .innerJoin(operators, eq(operators.id, payoutApprovals.operatorId))
    .where(eq(payoutApprovals.transactionUid, uid))
  return rows.map((row) => row.login).sort()
}

/** Whether the payout needs an approval at all, and who has approved it. */
export async function approvalState(tx: Db, uid: string) {
  const row = await findTransaction(tx, uid)
  if (row === undefined) throw notFound('Transaction not found')
  const threshold = (await readSettings(tx)).payout_approval_above
  return {
    uid,
    required: threshold > 0n && row.amount > threshold,
    approvedBy: await approversOf(tx, uid),
    status: row.status,
  }
}

export async function approvePayout(tx: Db, actor: OperatorActor, uid: string) {
  if (actor.id === null)
    throw new DomainError(
      409,
      'INVALID_STATE',
      'Approvals are given by named operators, not the bootstrap token',
    )
  const state = await approvalState(tx, uid)
  if (!APPROVABLE.has(state.status))
    throw new DomainError(409, 'INVALID_STATE', `Transaction is ${state.status}; nothing to approve`)
  await tx.insert(payoutApprovals).values({ transactionUid: uid, operatorId: actor.id }).onConflictDoNothing()
  return { ...state, approvedBy: await approversOf(tx, uid) }
}

/** Throws 409 unless the payout may be sent by this operator: small enough, or approved by someone else. */
export async function requireSecondApproval(tx: Db, actor: OperatorActor, uid: string): Promise<void> {
  const state = await approvalState(tx, uid)
  if (!state.required) return
  const others = await tx
    .select({ id: payoutApprovals.operatorId })
    .from(payoutApprovals)
    .where(
      and(
        eq(payoutApprovals.transactionUid, uid),
        ...(actor.id === null ? [] : [ne(payoutApprovals.operatorId, actor.id)]),
      ),
    )
  if (others.length === 0)
    throw new DomainError(
      409,
      'INVALID_STATE',
      "This payout is above the approval amount: another operator's approval is needed first",
    )
}
