/**
 * Orders (docs/accounts.md). Part of the one schema: db/schema.ts re-exports it, and drizzle-kit reads it
 * there.
 */
import { bigint, bigserial, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from '#db/columns.ts'

/**
 * Orders: what the provider buys, per country. `capacity` is how many more accounts may be
 * submitted for the country; each submitted account takes one (atomically, see orders repository).
 */
export const orders = pgTable('orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** ISO 3166-1 alpha-2, upper case. */
  country: text('country').notNull().unique(),
  /** USDT minor units (6 decimals). */
  price: bigint('price', { mode: 'bigint' }).notNull(),
  capacity: integer('capacity').notNull().default(0),
  isOpen: boolean('is_open').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
