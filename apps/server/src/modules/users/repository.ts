/** All SQL of operators' user management: the search, one user by user id or Telegram id, their flags and blocks. */
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '#db/client.ts'
import { accounts, emailIdentities, userBlocks, users } from '#db/schema.ts'
import type { CursorPosition } from '#lib/cursor.ts'
import { createdAtKey, keysetScan } from '#lib/keyset.ts'

export type UserFlags = { canReferrer: boolean; canAddAccount: boolean; canRegisterAccount: boolean }

const referrer = alias(users, 'referrer')

/** How an operator names a user: the user id every user has, or a Telegram id. */
export type UserRef = { uid: string } | { telegramId: number }
const named = (ref: UserRef) => ('uid' in ref ? eq(users.uid, ref.uid) : eq(users.telegramId, ref.telegramId))

export async function findUser(db: Db, ref: UserRef) {
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
    .where(named(ref))
  return row
}

/** Changes the given flags; false when no such user. */
export async function updateUserFlags(db: Db, ref: UserRef, flags: Partial<UserFlags>): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...flags, updatedAt: sql`now()` })
    .where(named(ref))
    .returning({ id: users.id })
  return rows.length > 0
}

/** The user's internal id, or undefined. */
export async function userIdOf(db: Db, ref: UserRef): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(named(ref))
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
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export type UserSearch = { telegramId?: number; uid?: string; phone?: string; contains: string }

/**
 * Users whose user id, Telegram id or account's phone is the one given, or whose first or last name, username or
 * verified email contains `contains` (case-insensitive), newest first, keyset paged. Each branch is its own select
 * (a union of ids) so that each can use its index: the unique indexes of uid, Telegram id and phone, the trigram
 * indexes of names and of emails.
 */
export async function searchUsers(
  db: Db,
  search: UserSearch,
  limit: number,
  from: CursorPosition | undefined,
) {
  const pattern = containsPattern(search.contains)
  const username = containsPattern(search.contains.replace(/^@/, ''))
  const exact: SQL[] = []
  if (search.telegramId !== undefined)
    exact.push(sql` union select id from ${users} where ${users.telegramId} = ${search.telegramId}`)
  if (search.uid !== undefined)
    exact.push(sql` union select id from ${users} where ${users.uid} = ${search.uid}`)
  if (search.phone !== undefined)
    exact.push(
      sql` union select ${accounts.userId} from ${accounts} where ${accounts.phone} = ${search.phone}`,
    )
  const matching = sql`${users.id} in (
    select id from ${users}
      where ${users.firstName} ilike ${pattern} or ${users.lastName} ilike ${pattern} or ${users.username} ilike ${username}
    union select ${emailIdentities.userId} from ${emailIdentities}
      where ${emailIdentities.email} ilike ${pattern} and ${emailIdentities.userId} is not null
        and ${emailIdentities.verifiedAt} is not null${sql.join(exact)})`
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
