/**
 * Support's tables (docs/support.md), part of the one schema (db/schema.ts re-exports them): a thread per user,
 * its messages (text, a Telegram photo's file id, where it was written and from what error), the operators' saved
 * replies, and the last errors the server answered each user, shown beside their thread.
 */
import type { SupportContext, SupportThreadStatus } from '@app/contract'
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { at, createdAt } from '#db/columns.ts'
import { operators } from '../operators/schema.ts'
import { users } from '../users/schema.ts'

export type SupportAuthor = 'user' | 'operator'
export type SupportVia = 'app' | 'bot' | 'console'

export const supportThreads = pgTable(
  'support_threads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: uuid('uid').notNull().unique().default(sql`gen_random_uuid()`),
    /** One conversation per user: a closed one opens again when they write. */
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => users.id),
    status: text('status').$type<SupportThreadStatus>().notNull().default('open'),
    assigneeId: bigint('assignee_id', { mode: 'number' }).references(() => operators.id),
    /** The user's oldest message no operator has answered yet; null when nobody waits. */
    awaitingSince: at('awaiting_since'),
    /** When an operator last opened the thread: the user's messages up to it are 'seen'. */
    operatorReadAt: at('operator_read_at'),
    /** When the user last opened it: operators' replies after it are unread. */
    userReadAt: at('user_read_at'),
    lastMessageAt: at('last_message_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_threads_status_idx').on(t.status, t.lastMessageAt),
    index('support_threads_awaiting_idx').on(t.awaitingSince).where(sql`${t.awaitingSince} is not null`),
  ],
)

export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: uuid('uid').notNull().unique().default(sql`gen_random_uuid()`),
    threadId: bigint('thread_id', { mode: 'number' })
      .notNull()
      .references(() => supportThreads.id),
    author: text('author').$type<SupportAuthor>().notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    text: text('text'),
    /** The photo as Telegram keeps it: the largest size's file_id. */
    photoFileId: text('photo_file_id'),
    via: text('via').$type<SupportVia>().notNull(),
    context: jsonb('context').$type<SupportContext>(),
    /** The client's key for this message: a resend is the same message. */
    clientKey: uuid('client_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_messages_thread_idx').on(t.threadId, t.id),
    uniqueIndex('support_messages_client_key_idx').on(t.threadId, t.clientKey),
    index('support_messages_text_trgm_idx').using('gin', sql`${t.text} gin_trgm_ops`),
  ],
)

export const supportSavedReplies = pgTable('support_saved_replies', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  uid: uuid('uid').notNull().unique().default(sql`gen_random_uuid()`),
  title: text('title').notNull(),
  textEn: text('text_en').notNull(),
  textFa: text('text_fa').notNull(),
  createdAt: createdAt(),
})

/** The last errors the server answered a signed-in user (a few per user): the operator sees what they met. */
export const supportUserErrors = pgTable(
  'support_user_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    method: text('method').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    code: text('code'),
    requestId: text('request_id').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('support_user_errors_user_idx').on(t.userId, t.id)],
)
