/**
 * All SQL of four eyes on payouts (docs/console.md): approvals, and the operators who give them or send payouts, as
 * they are now. Operators' rows are read `FOR SHARE`, so a disable or a role change made meanwhile either waits for
 * the payout's transaction or is seen by it.
 */
import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { operators, payoutApprovals } from '../../db/operators-schema.ts'

/** Who an operator is for four eyes: enabled or not, role, and from when their signature counts (null: never). */
export type Signer = {
  id: number
  login: string
  role: string
  disabledAt: Date | null
  signsPayoutsFrom: Date | null
}

const signerColumns = {
  id: operators.id,
  login: operators.login,
  role: operators.role,
  disabledAt: operators.disabledAt,
  signsPayoutsFrom: operators.signsPayoutsFrom,
}

export async function lockSigner(db: Db, operatorId: number): Promise<Signer | undefined> {
  const [row] = await db
    .select(signerColumns)
    .from(operators)
    .where(eq(operators.id, operatorId))
    .for('share')
  return row
}

/** The payout's approvals, oldest first, each with its operator as they are now. */
export async function lockApprovals(db: Db, transactionUid: string) {
  return db
    .select({ ...signerColumns, approvedAt: payoutApprovals.approvedAt })
    .from(payoutApprovals)
    .innerJoin(operators, eq(operators.id, payoutApprovals.operatorId))
    .where(eq(payoutApprovals.transactionUid, transactionUid))
    .orderBy(asc(payoutApprovals.approvedAt), asc(operators.login))
    .for('share', { of: operators })
}

/** The approvals of these payouts, oldest first, each with its operator as they are now; for reading, not deciding. */
export async function findApprovals(db: Db, transactionUids: string[]) {
  if (transactionUids.length === 0) return []
  return db
    .select({
      ...signerColumns,
      transactionUid: payoutApprovals.transactionUid,
      approvedAt: payoutApprovals.approvedAt,
    })
    .from(payoutApprovals)
    .innerJoin(operators, eq(operators.id, payoutApprovals.operatorId))
    .where(inArray(payoutApprovals.transactionUid, transactionUids))
    .orderBy(asc(payoutApprovals.approvedAt), asc(operators.login))
}

/** Records (or renews: an approval given again counts from now) an operator's approval. */
export async function upsertApproval(db: Db, transactionUid: string, operatorId: number, at: Date) {
  await db
    .insert(payoutApprovals)
    .values({ transactionUid, operatorId, approvedAt: at })
    .onConflictDoUpdate({
      target: [payoutApprovals.transactionUid, payoutApprovals.operatorId],
      set: { approvedAt: at },
    })
}
