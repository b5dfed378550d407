/** All SQL of operators' user management: the search, one user by Telegram id, and their permission flags. */
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { emailIdentities, userBlocks, users } from '../../db/schema.ts'
import type { CursorPosition } from '../../lib/cursor.ts'
import { createdAtKey, keysetScan } from '../../lib/keyset.ts'

export type UserFlags = { canReferrer: boolean; canAddAccount: boolean; canRegisterAccount: boolean }

const referrer = alias(users, 'referrer')

export async function findUserByTelegramId(db: Db, telegramId: number) {
  const [row] = await db
    .select({
      id: users.id,
      telegramId: users.telegramId,
      uid: users.uid,
      firstName: users.firstName,
      lastName: users.lastName,
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

/**
 * Blocks the user, holding their row (`for no key update`, as a flag change does): a sign-in through their referral
 * code that holds the row `for share` either commits first or waits and then sees the block.
 */
export async function insertUserBlock(db: Db, userId: number, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')
    await tx.insert(userBlocks).values({ userId, reason }).onConflictDoNothing()
  })
}

export async function deleteUserBlock(db: Db, userId: number): Promise<void> {
  await db.delete(userBlocks).where(eq(userBlocks.userId, userId))
}

/** `text` as a LIKE pattern matching it anywhere: its own %, _ and \\ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * Users whose Telegram id is `telegramId`, or whose first or last name, username or verified email contains
 * `contains` (case-insensitive), newest first, keyset paged. Each branch is its own select (a union of ids) so that
 * each can use its index: the Telegram id's unique index, the trigram indexes of names and of emails.
 */
export async function searchUsers(
  db: Db,
  search: { telegramId: number | undefined; contains: string },
  limit: number,
  from: CursorPosition | undefined,
) {
  const pattern = containsPattern(search.contains)
  const username = containsPattern(search.contains.replace(/^@/, ''))
  const byTelegramId =
    search.telegramId === undefined
      ? sql``
      : sql` union select id from ${users} where ${users.telegramId} = ${search.telegramId}`
  const matching = sql`${users.id} in (
    select id from ${users}
      where ${users.firstName} ilike ${pattern} or ${users.lastName} ilike ${pattern} or ${users.username} ilike ${username}
    union select ${emailIdentities.userId} from ${emailIdentities}
      where ${emailIdentities.email} ilike ${pattern} and ${emailIdentities.userId} is not null
        and ${emailIdentities.verifiedAt} is not null${byTelegramId})`
  const scan = keysetScan(users.createdAt, users.id, 'desc', from)
  const conditions: SQL[] = [matching]
  if (scan.after) conditions.push(scan.after)
  return db
    .select({
      id: users.id,
      createdAtKey: createdAtKey(users.createdAt),
      telegramId: users.telegramId,
      uid: users.uid,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      email: emailIdentities.email,
      blocked: sql<boolean>`exists(select 1 from user_blocks b where b.user_id = ${users.id})`,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(
      emailIdentities,
      and(eq(emailIdentities.userId, users.id), isNotNull(emailIdentities.verifiedAt)),
    )
    .where(and(...conditions))
    .orderBy(...scan.orderBy)
    .limit(limit)
}
