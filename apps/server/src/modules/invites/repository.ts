import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { referralLinks, users } from '#db/schema.ts'
import type { CursorPosition } from '#lib/cursor.ts'
import { createdAtKey, keysetScan } from '#lib/keyset.ts'

/**
 * Inserts a referral code; false when the code already exists. `userId` null = operator invite, made by
 * `createdBy` (the operator's login).
 */
export async function insertReferralCode(
  db: Db,
  code: string,
  userId: number | null,
  createdBy: string | null = null,
): Promise<boolean> {
  const rows = await db
    .insert(referralLinks)
    .values({ code, userId, createdBy })
    .onConflictDoNothing({ target: referralLinks.code })
    .returning({ id: referralLinks.id })
  return rows.length > 0
}

/** An operator invite (a code nobody owns) by its code, revoked or not. */
export async function findInvite(db: Db, code: string) {
  const [row] = await db
    .select({ code: referralLinks.code, revokedAt: referralLinks.revokedAt })
    .from(referralLinks)
    .where(and(eq(referralLinks.code, code), isNull(referralLinks.userId)))
  return row
}

/** Revokes a live operator invite; undefined when there is none (no such invite, or revoked already). */
export async function revokeInvite(db: Db, code: string) {
  const [row] = await db
    .update(referralLinks)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(referralLinks.code, code), isNull(referralLinks.userId), isNull(referralLinks.revokedAt)))
    .returning({ code: referralLinks.code, revokedAt: referralLinks.revokedAt })
  return row
}

/** Operator invites (codes nobody owns), newest first, with how many users joined through each. */
export async function findInvitePage(db: Db, limit: number, from: CursorPosition | undefined) {
  const scan = keysetScan(referralLinks.createdAt, referralLinks.id, 'desc', from)
  const conditions: SQL[] = [isNull(referralLinks.userId)]
  if (scan.after) conditions.push(scan.after)
  return db
    .select({
      id: referralLinks.id,
      code: referralLinks.code,
      createdBy: referralLinks.createdBy,
      revokedAt: referralLinks.revokedAt,
      createdAt: referralLinks.createdAt,
      createdAtKey: createdAtKey(referralLinks.createdAt),
      // Raw names: drizzle leaves a lone table's columns unqualified, which inside this subquery would mean users'.
      uses: sql<number>`(select count(*)::int from users joined where joined.referral_link_id = referral_links.id)`,
    })
    .from(referralLinks)
    .where(and(...conditions))
    .orderBy(...scan.orderBy)
    .limit(limit)
}

/** The first `perLink` users who joined through each of the links, oldest first. */
export async function findFirstUsersOfLinks(db: Db, linkIds: number[], perLink: number) {
  if (linkIds.length === 0) return []
  const ranked = db
    .select({
      linkId: users.referralLinkId,
      telegramId: users.telegramId,
      firstName: users.firstName,
      createdAt: users.createdAt,
      rank: sql<number>`row_number() over (partition by ${users.referralLinkId} order by ${users.createdAt}, ${users.id})`.as(
        'rank',
      ),
    })
    .from(users)
    .where(inArray(users.referralLinkId, linkIds))
    .as('ranked')
  return db.select().from(ranked).where(sql`${ranked.rank} <= ${perLink}`).orderBy(ranked.linkId, ranked.rank)
}
