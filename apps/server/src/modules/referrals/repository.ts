/** All SQL about users' referral links and whom they brought (docs/referrals.md). */
import { and, count, eq, isNull, type SQLWrapper, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { referralLinks, users } from '#db/schema.ts'

/**
 * Locks the user's row until the database transaction ends, and answers whether they may refer: the refreshes
 * and first links of one user run one after another (the partial unique index on live codes is the backstop).
 */
export async function lockReferrer(tx: Db, userId: number): Promise<{ canReferrer: boolean } | undefined> {
  const [row] = await tx
    .select({ canReferrer: users.canReferrer })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
  return row
}

export async function findLiveCode(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ code: referralLinks.code })
    .from(referralLinks)
    .where(and(eq(referralLinks.userId, userId), isNull(referralLinks.revokedAt)))
  return row?.code
}

/** Revokes the user's live code (if any): it admits nobody from now on. */
export async function revokeLiveCode(tx: Db, userId: number): Promise<void> {
  await tx
    .update(referralLinks)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(referralLinks.userId, userId), isNull(referralLinks.revokedAt)))
}

/** Users who joined through any of this user's codes, revoked ones included. */
/** How many users the user brought, as a scalar subquery (the dashboard's statement). */
export const referredUsersCountSql = (userId: number | SQLWrapper) =>
  sql<number>`(select count(*)::int from ${users} where ${users.referrerUserId} = ${userId})`

export async function countReferredUsers(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.referrerUserId, userId))
  return row?.n ?? 0
}
