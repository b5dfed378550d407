/**
 * Settings and their changes that wait (docs/console.md). Part of the one schema: db/schema.ts re-exports it,
 * and drizzle-kit reads it there.
 */
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Operator-tunable switches and limits; typed and defaulted in `modules/settings`. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A setting's change that waits (docs/console.md, 'Four eyes'): a weaker `payout_approval_above` applies at
 * `effective_at`; until then `settings` holds the value in force. One per key: a new change replaces it.
 */
export const pendingSettings = pgTable('pending_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
  /** The operator's login (`bootstrap` for OPS_TOKEN). */
  requestedBy: text('requested_by').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
})
