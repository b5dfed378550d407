/**
 * Generated secrets. Part of the one schema: db/schema.ts re-exports it, and drizzle-kit reads it there.
 */
import { pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from '#db/columns.ts'

/** Generated secrets shared by every server process on the same database (auth secret, dev bot token). */
export const secrets = pgTable('secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})
