/**
 * All SQL of four eyes on payouts (docs/console.md): approvals, and the operators who give them, as they are now
 * (read `FOR SHARE`, as modules/signers does).
 */
import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { operators, payoutApprovals } from '#db/schema.ts'
import { signerColumns } from '../signers/signers.ts'

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
