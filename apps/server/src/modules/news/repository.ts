/** All SQL of the news: operators' items, the users' list, and how far each user has read (docs/news.md). */
import { desc, eq, getTableColumns, type SQLWrapper, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { news, newsSeen, users } from '#db/schema.ts'
import type { CursorPosition } from '#lib/cursor.ts'
import { createdAtKey, keysetScan } from '#lib/keyset.ts'

export type NewsRecord = typeof news.$inferSelect
/** `createdAtKey` is the keyset's name for the ordering time; for news it is published_at. */
export type NewsPageRecord = NewsRecord & { createdAtKey: string }

export type NewNews = {
  titleEn: string
  bodyEn: string
  titleFa: string | null
  bodyFa: string | null
  publishedAt: Date
}

export async function insertNews(db: Db, item: NewNews): Promise<NewsRecord> {
  const [row] = await db.insert(news).values(item).returning()
  if (!row) throw new Error('news insert returned no row')
  return row
}

/** Newest first, for operators (no paging: `limit` bounds it). */
export async function listNews(db: Db, limit: number): Promise<NewsRecord[]> {
  return db.select().from(news).orderBy(desc(news.publishedAt), desc(news.id)).limit(limit)
}

/** Removes the item; false when there was none. Users' seen markers are times, so nothing else changes. */
export async function deleteNews(db: Db, uid: string): Promise<boolean> {
  const deleted = await db.delete(news).where(eq(news.uid, uid)).returning({ id: news.id })
  return deleted.length > 0
}

/** One page of the users' list, newest first, on the (published_at, id) index. */
export async function findNewsPage(
  db: Db,
  limit: number,
  from: CursorPosition | undefined,
): Promise<NewsPageRecord[]> {
  const scan = keysetScan(news.publishedAt, news.id, 'desc', from)
  return db
    .select({ ...getTableColumns(news), createdAtKey: createdAtKey(news.publishedAt) })
    .from(news)
    .where(scan.after)
    .orderBy(...scan.orderBy)
    .limit(limit)
}

export async function findUserLanguageCode(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ languageCode: users.languageCode }).from(users).where(eq(users.id, userId))
  return row?.languageCode ?? null
}

/**
 * Moves the user's marker up to the item's publication time, never back (two screens marking out of order leave
 * the later one). Copied in SQL, not through a JS Date: published_at has microseconds a Date would cut off, and
 * the item would stay unseen. False when no item has this uid.
 */
export async function markNewsSeenUpTo(db: Db, userId: number, uid: string): Promise<boolean> {
  const result = (await db.execute(sql`
    insert into ${newsSeen} (user_id, seen_up_to)
    select ${userId}, ${news.publishedAt} from ${news} where ${news.uid} = ${uid}
    on conflict (user_id) do update
      set seen_up_to = greatest(${newsSeen.seenUpTo}, excluded.seen_up_to), updated_at = now()
    returning user_id`)) as { rows: unknown[] }
  return result.rows.length > 0
}

/**
 * News published after the user's marker (all of it without one), counted up to `cap`: at most `cap` entries of
 * the (published_at, id) index are read, however much news there is.
 */
/**
 * How many items the user has not seen, counted up to `cap`, as a scalar subquery: the dashboard reads it in its
 * one statement (modules/dashboard/repository.ts).
 */
export const unseenNewsCountSql = (userId: number | SQLWrapper, cap: number) => sql<number>`(
    select count(*)::int from (
      select 1 from ${news}
      where ${news.publishedAt} > coalesce(
        (select ${newsSeen.seenUpTo} from ${newsSeen} where ${newsSeen.userId} = ${userId}), '-infinity')
      limit ${cap}
    ) unseen)`

export async function countUnseenNews(db: Db, userId: number, cap: number): Promise<number> {
  const result = (await db.execute(sql`select ${unseenNewsCountSql(userId, cap)} as n`)) as {
    rows: { n: number }[]
  }
  return result.rows[0]?.n ?? 0
}
