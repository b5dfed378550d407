/**
 * The bot's chats and handled updates (docs/bot.md); its outbox is modules/bot-outbox's. Part of the one schema:
 * db/schema.ts re-exports it, and drizzle-kit reads it there.
 */
import { bigint, index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core'

/**
 * The Telegram bot (docs/bot.md). One row per Telegram user the bot may know: whether they allowed messages (init
 * data's `allows_write_to_pm`) or started the bot, and whether a send answered 403 (blocked: no more messages
 * until they /start again).
 */
export const botChats = pgTable('bot_chats', {
  telegramId: bigint('telegram_id', { mode: 'number' }).primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  writeAllowedAt: timestamp('write_allowed_at', { withTimezone: true }),
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The updates the bot handled (docs/bot.md, 'Each update once'), per bot: a replayed update_id finds its row and
 * gets no second answer. Written in the transaction that queues the answer; only ids and a time, never the
 * update. Pruned by housekeeping after a day at least (Telegram keeps an update for redelivery 24 hours at most).
 */
export const botUpdates = pgTable(
  'bot_updates',
  {
    botId: bigint('bot_id', { mode: 'number' }).notNull(),
    updateId: bigint('update_id', { mode: 'number' }).notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.botId, t.updateId] }),
    index('bot_updates_handled_at_idx').on(t.handledAt),
  ],
)
