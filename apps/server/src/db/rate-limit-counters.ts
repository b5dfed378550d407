/**
 * Fixed-window counters that hold across server processes (table rate_limit_counters): code sends, email codes,
 * code tries and sign-in failures. Each key's window begins with its first use and lasts `windowSeconds`; a use
 * after it ended starts a new one. Counted by one upsert, so concurrent uses are counted one after the other.
 */
import { and, eq, gt, or, sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { rateLimitCounters } from './schema.ts'
import { timestamptz } from './timestamp.ts'

export type CounterWindow = { count: number; windowStart: Date }

/** Counts one use of `key`: answers the count so far (this use included) and when the window began. */
export async function countInWindow(
  db: Db,
  key: string,
  windowSeconds: number,
  now: Date,
): Promise<CounterWindow | undefined> {
  const cutoff = new Date(now.getTime() - windowSeconds * 1000)
  const expired = sql`${rateLimitCounters.windowStart} <= ${timestamptz(cutoff)}`
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart: timestamptz(now), count: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${timestamptz(now)} else ${rateLimitCounters.windowStart} end`,
      },
    })
    .returning({ count: rateLimitCounters.count, windowStart: rateLimitCounters.windowStart })
  return row
}

/** The uses of `key` in its window so far, without counting one; undefined when its window is over. */
export async function readWindow(
  db: Db,
  key: string,
  windowSeconds: number,
  now: Date,
): Promise<CounterWindow | undefined> {
  const cutoff = new Date(now.getTime() - windowSeconds * 1000)
  const [row] = await db
    .select({ count: rateLimitCounters.count, windowStart: rateLimitCounters.windowStart })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.windowStart, timestamptz(cutoff))))
  return row
}

/** Takes back one use counted by `countInWindow` (a try that turned out not to be a failure). */
export async function uncount(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
    .where(eq(rateLimitCounters.key, key))
}

/** Forgets the uses of `key`, and of every key that starts with `prefix` when given (new credentials). */
export async function clearCounters(db: Db, match: { key: string; prefix?: string }): Promise<void> {
  const byKey = eq(rateLimitCounters.key, match.key)
  await db
    .delete(rateLimitCounters)
    .where(
      match.prefix === undefined
        ? byKey
        : or(byKey, sql`starts_with(${rateLimitCounters.key}, ${match.prefix})`),
    )
}

/**
 * Seconds until the window of `counted` ends when its count went over `max`, else 0: the wait a refusal states.
 */
export function waitWhenOver(
  counted: CounterWindow | undefined,
  limit: { max: number; windowSeconds: number },
  now: Date,
): number {
  if (!counted || counted.count <= limit.max) return 0
  const endsAt = counted.windowStart.getTime() + limit.windowSeconds * 1000
  return Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000))
}
