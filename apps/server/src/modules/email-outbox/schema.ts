/**
 * The email outbox (docs/email-auth.md). Part of the one schema: db/schema.ts re-exports it, and drizzle-kit
 * reads it there.
 */
import { sql } from 'drizzle-orm'
import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt, type OutboxStatus } from '#db/columns.ts'

/**
 * Transactional outbox of email: written in the transaction that makes the code, delivered by whichever server
 * process claims the row (`for update skip locked` plus a lease). `payload` is the rendered message sealed with
 * AES-256-GCM (key derived from the auth secret), blanked once an SMTP server took it; mail kept in the dev outbox
 * (no SMTP_URL) keeps it for the simulator's panel.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    /** What the mail is (verify, reset): for people reading the table, never the code. */
    kind: text('kind').notNull(),
    payload: text('payload'),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    /** 'smtp' or 'dev' (kept in the dev outbox). */
    transport: text('transport'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index('email_outbox_dev_idx').on(t.id).where(sql`${t.transport} = 'dev'`),
    // The metrics (modules/metrics): the backlog's oldest row and the failed rows, each without a scan.
    index('email_outbox_backlog_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('email_outbox_failed_created_idx').on(t.createdAt).where(sql`${t.status} = 'failed'`),
  ],
)
