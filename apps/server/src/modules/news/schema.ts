/**
 * News and how far each user has read it (docs/news.md). Part of the one schema: db/schema.ts re-exports it,
 * and drizzle-kit reads it there.
 */
import { sql } from 'drizzle-orm'
import { bigint, bigserial, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '#db/columns.ts'
import { users } from '../users/schema.ts'

/**
 * News published by operators, newest first (docs/news.md). One column per language rather than a
 * translations table: the languages are the two the mini-app ships (en, fa), English is required (NOT NULL) and
 * is every reader's fallback; Persian is optional, both of its fields or neither (check).
 */
export const news = pgTable(
  'news',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: uuid('uid').notNull().unique().default(sql`gen_random_uuid()`),
    titleEn: text('title_en').notNull(),
    bodyEn: text('body_en').notNull(),
    titleFa: text('title_fa'),
    bodyFa: text('body_fa'),
    /** Orders the list (keyset with id) and decides what a user has not seen yet. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('news_published_idx').on(t.publishedAt, t.id),
    check('news_fa_pair', sql`(${t.titleFa} is null) = (${t.bodyFa} is null)`),
  ],
)

/**
 * How far each user has read the news: items published after `seen_up_to` are unseen (the dashboard's
 * badge). A row of its own rather than a users column, written only by `POST /news/seen`; no row = nothing seen.
 */
export const newsSeen = pgTable('news_seen', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  seenUpTo: timestamp('seen_up_to', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
