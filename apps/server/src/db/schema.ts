/**
 * The one Postgres-dialect schema, shared by PGlite and PostgreSQL: each module declares its tables in its own
 * `schema.ts`, and this file re-exports them all, so drizzle-kit reads every table here. Migrations under
 * `drizzle/` are generated from it and then frozen: change a table, run `npx drizzle-kit generate`, never edit an
 * applied migration. A module's schema imports only db/columns.ts and the schemas of the tables it references;
 * never this file, so that the schema's imports form no cycle.
 */
import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export * from '../modules/account-submission/schema.ts'
export * from '../modules/accounts/schema.ts'
export * from '../modules/audit/schema.ts'
export * from '../modules/auth/schema.ts'
export * from '../modules/bank-cards/schema.ts'
export * from '../modules/bot/schema.ts'
export * from '../modules/bot-outbox/schema.ts'
export * from '../modules/email-auth/schema.ts'
export * from '../modules/email-outbox/schema.ts'
export * from '../modules/idempotency/schema.ts'
export * from '../modules/invoices/schema.ts'
export * from '../modules/metrics/schema.ts'
export * from '../modules/news/schema.ts'
export * from '../modules/operators/schema.ts'
export * from '../modules/orders/schema.ts'
export * from '../modules/rates/schema.ts'
export * from '../modules/referrals/schema.ts'
export * from '../modules/secrets/schema.ts'
export * from '../modules/settings/schema.ts'
export * from '../modules/sign-in-guard/schema.ts'
export * from '../modules/support/schema.ts'
export * from '../modules/transactions/schema.ts'
export * from '../modules/users/schema.ts'
export type { OutboxStatus } from './columns.ts'

// The tables no module owns: the floor's rate limits and leases.

/** Fixed-window counters for rate limits that must hold across processes (code sends per phone, per user). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
})

/** Leases one process holds at a time (the bot's long polling), with the position it reached. */
export const leases = pgTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  position: bigint('position', { mode: 'number' }).notNull().default(0),
})
