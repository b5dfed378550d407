import { and, desc, eq, gt, isNull, type SQLWrapper, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { preparedPerDb } from '#db/prepared.ts'
import { referralLinks, refreshTokens, users } from '#db/schema.ts'

/** `telegramId` is null for a user who joined by email and never signed in through Telegram. */
export type AuthUser = { id: number; uid: string; telegramId: number | null }

export type TelegramProfile = {
  telegramId: number
  firstName: string
  lastName: string | null
  username: string | null
  languageCode: string | null
}

const authUserColumns = { id: users.id, uid: users.uid, telegramId: users.telegramId }

/**
 * Blocked users (an operator's decision, docs/console.md) are nobody to their tokens: access and refresh stop at
 * once. `userId` is the user's id column in the statement that reads the user (the dashboard reads its own).
 */
const blockedSql = (userId: SQLWrapper) =>
  sql`exists (select 1 from user_blocks b where b.user_id = ${userId})`
export const notBlockedSql = (userId: SQLWrapper) => sql`not ${blockedSql(userId)}`
const notBlocked = notBlockedSql(users.id)

/** The access-token check's read on every user call (plugins/authenticate.ts): prepared (db/prepared.ts). */
const userByUid = preparedPerDb((db) =>
  db
    .select(authUserColumns)
    .from(users)
    .where(and(eq(users.uid, sql.placeholder('uid')), notBlocked))
    .prepare('auth_user_by_uid'),
)

export async function findUserByUid(db: Db, uid: string): Promise<AuthUser | undefined> {
  const [row] = await userByUid(db).execute({ uid })
  return row
}

export async function findUserById(db: Db, id: number): Promise<AuthUser | undefined> {
  const [row] = await db
    .select(authUserColumns)
    .from(users)
    .where(and(eq(users.id, id), notBlocked))
  return row
}

/** The newest users who may sign in: the ones a new process warms its paths as (warm-up.ts). */
export async function newestUserUids(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ uid: users.uid })
    .from(users)
    .where(notBlocked)
    .orderBy(desc(users.id))
    .limit(limit)
  return rows.map((row) => row.uid)
}

/** The language of the user's latest launch (`en`, `fa`): what the bot writes to them in (docs/bot.md). */
export async function setUserLanguage(db: Db, userId: number, language: string): Promise<void> {
  await db
    .update(users)
    .set({ languageCode: language, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), sql`${users.languageCode} is distinct from ${language}`))
}

/**
 * Refreshes the profile of an existing user, and says whether an operator blocked them; undefined when the user
 * does not exist yet.
 */
export async function updateTelegramProfile(
  db: Db,
  profile: TelegramProfile,
): Promise<(AuthUser & { blocked: boolean }) | undefined> {
  const [row] = await db
    .update(users)
    .set({
      firstName: profile.firstName,
      lastName: profile.lastName,
      username: profile.username,
      languageCode: profile.languageCode,
      updatedAt: sql`now()`,
    })
    .where(eq(users.telegramId, profile.telegramId))
    .returning({ ...authUserColumns, blocked: sql<boolean>`${blockedSql(users.id)}` })
  return row
}

/**
 * Creates the user. Two first logins racing for the same Telegram id both end with the one row:
 * the loser's insert turns into a profile update and keeps the winner's referrer.
 */
export async function createTelegramUser(
  db: Db,
  profile: TelegramProfile,
  referrerUserId: number | null,
  flags: { canReferrer: boolean; canAddAccount: boolean; canRegisterAccount: boolean },
  /** The code that admitted the user (the operators' invite list counts who joined through it). */
  referralLinkId: number | null = null,
): Promise<AuthUser> {
  const [row] = await db
    .insert(users)
    .values({ ...profile, ...flags, referrerUserId, referralLinkId })
    .onConflictDoUpdate({
      target: users.telegramId,
      set: {
        firstName: profile.firstName,
        lastName: profile.lastName,
        username: profile.username,
        languageCode: profile.languageCode,
        updatedAt: sql`now()`,
      },
    })
    .returning(authUserColumns)
  if (!row) throw new Error('user upsert returned nothing')
  return row
}

/** A referral code as typed, or the link a registration kept (its id). */
export type ReferralLinkRef = { code: string } | { linkId: number }

/**
 * An unrevoked referral code that may admit a new user: operator invites (no owner) always,
 * user links only while their owner may refer and is not blocked (docs/referrals.md).
 */
export async function findAdmittingReferralLink(
  db: Db,
  link: ReferralLinkRef,
): Promise<{ ownerUserId: number | null; linkId: number } | undefined> {
  const [row] = await db
    .select({
      linkId: referralLinks.id,
      ownerUserId: referralLinks.userId,
      ownerCanRefer: users.canReferrer,
      ownerBlocked: blockedSql(referralLinks.userId).mapWith(Boolean),
    })
    .from(referralLinks)
    .leftJoin(users, eq(users.id, referralLinks.userId))
    .where(
      and(
        'code' in link ? eq(referralLinks.code, link.code) : eq(referralLinks.id, link.linkId),
        isNull(referralLinks.revokedAt),
      ),
    )
  if (!row) return undefined
  if (row.ownerUserId !== null && (row.ownerCanRefer !== true || row.ownerBlocked)) return undefined
  return { ownerUserId: row.ownerUserId, linkId: row.linkId }
}

/**
 * Inside the caller's transaction: the admitting link of `code` (`findAdmittingReferralLink` decides), held
 * until the transaction ends, so that admitting and creating the user are one step against a revoke, a flag
 * change or a block. The owner's row is taken `for share` first, in the order a refresh takes it (`for update`,
 * then the link): a refresh, flag change or block (each locks the owner's row) in flight is waited for, and one
 * that starts later waits for this transaction. Then the link is read again, `for share` (an operator's revoke of
 * an invite updates only the link), with the owner's block: a statement after the wait sees what committed
 * meanwhile.
 */
export async function lockAdmittingReferralLink(
  tx: Db,
  ref: ReferralLinkRef,
): Promise<{ ownerUserId: number | null; linkId: number } | undefined> {
  const link = await findAdmittingReferralLink(tx, ref)
  if (!link) return undefined
  if (link.ownerUserId !== null) {
    const [owner] = await tx
      .select({ canReferrer: users.canReferrer })
      .from(users)
      .where(eq(users.id, link.ownerUserId))
      .for('share')
    if (owner?.canReferrer !== true) return undefined
  }
  const [live] = await tx
    .select({ id: referralLinks.id })
    .from(referralLinks)
    .where(
      and(
        eq(referralLinks.id, link.linkId),
        isNull(referralLinks.revokedAt),
        ...(link.ownerUserId === null ? [] : [notBlockedSql(sql`${link.ownerUserId}`)]),
      ),
    )
    .for('share')
  return live ? link : undefined
}

export async function insertRefreshToken(
  db: Db,
  token: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(refreshTokens).values(token).returning({ id: refreshTokens.id })
  if (!row) throw new Error('refresh token insert returned nothing')
  return row.id
}

/**
 * Marks a live refresh token used, atomically: of several requests presenting the same token,
 * exactly one gets the row back (the UPDATE's WHERE is re-checked after a concurrent commit).
 */
export async function consumeRefreshToken(
  db: Db,
  tokenHash: string,
): Promise<{ id: number; userId: number; familyId: string } | undefined> {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: refreshTokens.id, userId: refreshTokens.userId, familyId: refreshTokens.familyId })
  return row
}

export async function findRefreshToken(
  db: Db,
  tokenHash: string,
): Promise<{ familyId: string; usedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
  return row
}

export async function setReplacedBy(db: Db, id: number, replacedById: number): Promise<void> {
  await db.update(refreshTokens).set({ replacedById }).where(eq(refreshTokens.id, id))
}

export async function revokeRefreshTokenFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
}

/** Every live refresh token of the user stops working (a confirmed password reset). */
export async function revokeUserRefreshTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
}
