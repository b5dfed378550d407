/**
 * The last ledger check's verdict (docs/operations.md). Part of the one schema: db/schema.ts re-exports it,
 * and drizzle-kit reads it there.
 */
import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core'

/**
 * The last ledger check's verdict (modules/metrics): one row, written by whichever process ran the check (one a
 * round, by a lease), read by every process's metrics.
 */
export const ledgerChecks = pgTable('ledger_checks', {
  id: integer('id').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  problems: integer('problems').notNull(),
  durationMs: integer('duration_ms').notNull(),
  /** The first problems found (LEDGER_PROBLEMS_KEPT), as the ledger report words them: the console shows them. */
  found: jsonb('found').$type<string[]>().notNull().default([]),
})
