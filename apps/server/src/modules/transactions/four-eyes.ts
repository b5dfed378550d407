/**
 * Four eyes on large payouts (docs/console.md, 'Four eyes'). A payout above `payout_approval_above` (the value in
 * force at that moment) is sent (broadcast, or recorded as succeeded) only by a named operator, on the approval of
 * another named operator; both must be enabled, hold a role that moves payouts and be past their signing delay
 * (`signs_payouts_from`: a delay after joining, a new role, being enabled again or new credentials from an admin)
 * when it is sent, and an approval counts only if it was given after its operator's signing began. The bootstrap
 * token neither approves nor sends such a payout. The payout service applies this to every move, whoever calls it.
 */
import type { Db } from '#db/client.ts'
import { DomainError, notFound } from '#lib/domain-error.ts'
import { formatUsdt } from '#lib/money.ts'
import { readSettingsAt } from '../settings/repository.ts'
import { lockSigner, type Signer, type SigningOperator, signingProblem } from '../signers/signers.ts'
import { findApprovals, lockApprovals, upsertApproval } from './approval-repository.ts'
import { findTransaction, type TransactionRecord } from './repository.ts'
import { isOpenTransactionStatus } from './status-rules.ts'

/** Who approves or moves a payout: a named operator, or the bootstrap token (`id` null). */
const refused = (message: string) => new DomainError(409, 'INVALID_STATE', message)

const counts = (approval: Signer & { approvedAt: Date }, at: Date) =>
  signingProblem(approval, at) === undefined &&
  approval.signsPayoutsFrom !== null &&
  approval.signsPayoutsFrom <= approval.approvedAt

const isRequired = (threshold: bigint, amount: bigint) => threshold > 0n && amount > threshold

/** Judged by what leaves, in USDT at the lowest rate of the day before the request (payout-service's valueInUsdt). */
async function thresholdOf(tx: Db, row: TransactionRecord, at: Date) {
  const threshold = (await readSettingsAt(tx, at)).payout_approval_above
  return { threshold, required: isRequired(threshold, row.valueUsdt) }
}

/** Four eyes of a payout as operators read it: whether sending it needs an approval now, and who approved. */
export type FourEyesView = {
  required: boolean
  /** The approval amount in force, USDT; '0' when the rule is off. */
  approvalAbove: string
  /** Oldest first; `counts`: the approval would let another operator send the payout now. */
  approvals: { login: string; approvedAt: string; counts: boolean }[]
}

/**
 * The four eyes of these payouts at `at`, read once for a page (for lists and answers; the decision itself is
 * `requireFourEyes`): a function from a payout of them to its view.
 */
export async function fourEyesOf(db: Db, uids: string[], at: Date) {
  const threshold = (await readSettingsAt(db, at)).payout_approval_above
  const approvals = await findApprovals(db, uids)
  return (row: Pick<TransactionRecord, 'uid' | 'valueUsdt'>): FourEyesView => ({
    required: isRequired(threshold, row.valueUsdt),
    approvalAbove: formatUsdt(threshold),
    approvals: approvals
      .filter((approval) => approval.transactionUid === row.uid)
      .map((approval) => ({
        login: approval.login,
        approvedAt: approval.approvedAt.toISOString(),
        counts: counts(approval, at),
      })),
  })
}

/** Whether the payout needs an approval at `at`, and who has approved it. */
export async function approvalState(tx: Db, uid: string, at: Date) {
  const row = await findTransaction(tx, uid)
  if (row === undefined) throw notFound('Transaction not found')
  const { required } = await thresholdOf(tx, row, at)
  const approvedBy = (await lockApprovals(tx, uid)).map((approval) => approval.login).sort()
  return { uid, required, approvedBy, status: row.status }
}

/** A named operator's approval of an open payout; when the payout needs one, theirs must be able to count. */
export async function approveTransaction(tx: Db, by: SigningOperator, uid: string, at: Date) {
  if (by.id === null) throw refused('Approvals are given by named operators, not the bootstrap token')
  const state = await approvalState(tx, uid, at)
  if (!isOpenTransactionStatus(state.status))
    throw refused(`Transaction is ${state.status}; nothing to approve`)
  if (state.required) {
    const problem = signingProblem(await lockSigner(tx, by.id), at)
    if (problem !== undefined) throw refused(problem)
  }
  await upsertApproval(tx, uid, by.id, at)
  return approvalState(tx, uid, at)
}

/** Throws 409 unless `by` may send this payout at `at`: small enough, or by and for two people as above. */
export async function requireFourEyes(tx: Db, by: SigningOperator, row: TransactionRecord, at: Date) {
  const { threshold, required } = await thresholdOf(tx, row, at)
  if (!required) return
  const above = `This payout (${formatUsdt(row.valueUsdt)} USDT) is above the approval amount (${formatUsdt(threshold)} USDT)`
  if (by.id === null) throw refused(`${above}: a named operator sends it, not the bootstrap token`)
  const problem = signingProblem(await lockSigner(tx, by.id), at)
  if (problem !== undefined) throw refused(`${above}: ${problem}`)
  const approvals = await lockApprovals(tx, row.uid)
  const others = approvals.filter((approval) => approval.id !== by.id)
  if (others.some((approval) => counts(approval, at))) return
  const why = [
    ...(approvals.length > others.length ? [`${by.login}'s own approval does not count`] : []),
    ...others.map((approval) => `${approval.login}'s approval no longer counts (approve again)`),
  ]
  throw refused(
    `${above}: another named operator's approval is needed first${why.length === 0 ? '' : ` (${why.join('; ')})`}`,
  )
}
