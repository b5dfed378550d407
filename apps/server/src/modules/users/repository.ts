/** All SQL of operators' user management: one user by Telegram id, and their permission flags. */
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { emailIdentities, userBlocks, users } from '../../db/schema.ts'

export type UserFlags = { canReferrer: boolean; canAddAccount: boolean; canRegisterAccount: boolean }

const referrer = alias(users, 'referrer')

export async function findUserByTelegramId(db: Db, telegramId: number) {
  const [row] = await db
    .select({
      telegramId: users.telegramId,
      uid: users.uid,
      firstName: users.firstName,
      username: users.username,
      canReferrer: users.canReferrer,
      canAddAccount: users.canAddAccount,
      canRegisterAccount: users.canRegisterAccount,
      referrerTelegramId: referrer.telegramId,
      referralCount: sql<number>`(select count(*)::int from users r where r.referrer_user_id = ${users.id})`,
      createdAt: users.createdAt,
      email: emailIdentities.email,
      blocked: sql<boolean>`exists(select 1 from user_blocks b where b.user_id = ${users.id})`,
    })
    .from(users)
    .leftJoin(referrer, eq(referrer.id, users.referrerUserId))
    .leftJoin(
      emailIdentities,
      and(eq(emailIdentities.userId, users.id), isNotNull(emailIdentities.verifiedAt)),
    )
    .where(eq(users.telegramId, telegramId))
  return row
}

/** Changes the given flags; false when no user has this Telegram id. */
export async function updateUserFlags(
  db: Db,
  telegramId: number,
  flags: Partial<UserFlags>,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...flags, updatedAt: sql`now()` })
    .where(eq(users.telegramId, telegramId))
    .returning({ id: users.id })
  return rows.length > 0
}

/** The user's id by Telegram id, or undefined. */
export async function userIdByTelegramId(db: Db, telegramId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.telegramId, telegramId))
  return row?.id
}

export async function insertUserBlock(db: Db, userId: number, reason: string): Promise<void> {
  await db.insert(userBlocks).values({ userId, reason }).onConflictDoNothing()
}

export async function deleteUserBlock(db: Db, userId: number): Promise<void> {
  await db.delete(userBlocks).where(eq(userBlocks.userId, userId))
}
