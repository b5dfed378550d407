/** All SQL of idempotency keys (plugins/idempotency.ts): claim, answer, release, read, prune. */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { idempotencyKeys } from '#db/schema.ts'

export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect

export type Claim = {
  userId: number
  key: string
  requestHash: string
  now: Date
  lockedUntil: Date
  expiresAt: Date
}

/**
 * Takes the key for one request: a new row, or a row that no longer holds anything (expired, or the same request
 * whose runner died before answering: unanswered past its lease). True when this request now runs the call.
 * One statement, so racing requests cannot both win: PostgreSQL makes the losers wait on the winner's row and then
 * find it taken; PGlite runs one statement at a time.
 */
export async function claimIdempotencyKey(db: Db, claim: Claim): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({
      userId: claim.userId,
      key: claim.key,
      requestHash: claim.requestHash,
      lockedUntil: claim.lockedUntil,
      createdAt: claim.now,
      expiresAt: claim.expiresAt,
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        requestHash: sql`excluded.request_hash`,
        responseStatus: null,
        responseBody: null,
        lockedUntil: sql`excluded.locked_until`,
        createdAt: sql`excluded.created_at`,
        expiresAt: sql`excluded.expires_at`,
      },
      setWhere: or(
        lt(idempotencyKeys.expiresAt, claim.now),
        and(
          isNull(idempotencyKeys.responseStatus),
          lt(idempotencyKeys.lockedUntil, claim.now),
          eq(idempotencyKeys.requestHash, claim.requestHash),
        ),
      ),
    })
    .returning({ key: idempotencyKeys.key })
  return rows.length > 0
}

export async function findIdempotencyKey(
  db: Db,
  userId: number,
  key: string,
): Promise<IdempotencyRecord | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
  return row
}

/** The key's row while this request's call runs (its hash, no answer yet): only that call answers or frees it. */
function unansweredClaim(claim: { userId: number; key: string; requestHash: string }) {
  return and(
    eq(idempotencyKeys.userId, claim.userId),
    eq(idempotencyKeys.key, claim.key),
    eq(idempotencyKeys.requestHash, claim.requestHash),
    isNull(idempotencyKeys.responseStatus),
  )
}

/** Stores the answer of the request that ran the call; repeats replay it from now on. */
export async function answerIdempotencyKey(
  db: Db,
  answer: { userId: number; key: string; requestHash: string; status: number; body: string; now: Date },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: answer.status, responseBody: answer.body, lockedUntil: answer.now })
    .where(unansweredClaim(answer))
}

/** Frees a key whose call failed in a way worth trying again (5xx, 429...): the next repeat runs it anew. */
export async function releaseIdempotencyKey(
  db: Db,
  release: { userId: number; key: string; requestHash: string },
): Promise<void> {
  await db.delete(idempotencyKeys).where(unansweredClaim(release))
}

/**
 * Deletes the keys past their expiry (for the housekeeping schedule); returns how many went. A key still running
 * is never past its expiry: the expiry is a day, the lease a minute.
 */
export async function pruneIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key })
  return deleted.length
}

/** Rows in the table (the housekeeping figures). */
export async function countIdempotencyKeys(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(idempotencyKeys)
  return row?.count ?? 0
}
