/**
 * The bot's outbox (docs/bot.md). Part of the one schema: db/schema.ts re-exports it, and drizzle-kit reads it
 * there.
 */
import { sql } from 'drizzle-orm'
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt, type OutboxStatus } from '#db/columns.ts'
import { users } from '../users/schema.ts'

/**
 * The bot's outbox: a message is written in the transaction of the change it tells of, rendered when sent (kind,
 * language, params), and claimed by one worker at a time (`FOR UPDATE SKIP LOCKED`, lease, claim token), as
 * email_outbox. `dedupe_key` (unique) keeps one-off alerts (a payout long in review) from being queued twice.
 */
export const botOutbox = pgTable(
  'bot_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    /** The user it is for; null for the operators' chat. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    kind: text('kind').notNull(),
    language: text('language').notNull().default('en'),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    dedupeKey: text('dedupe_key').unique(),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    messageId: bigint('message_id', { mode: 'number' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('bot_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index('bot_outbox_chat_idx').on(t.chatId, t.sentAt),
    // The metrics (modules/metrics): the backlog's oldest row and the failed rows, each without a scan.
    index('bot_outbox_backlog_created_idx').on(t.createdAt).where(sql`${t.status} in ('pending', 'sending')`),
    index('bot_outbox_failed_created_idx').on(t.createdAt).where(sql`${t.status} = 'failed'`),
  ],
)
