/** Column helpers and types the schema's files share (db/schema.ts and each module's schema.ts). */
import { timestamp } from 'drizzle-orm/pg-core'

/** A time with its zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true })

/** When the row was made. */
export const createdAt = () => at('created_at').notNull().defaultNow()

/** pending: waiting (or backing off); sending: claimed by a worker; sent: delivered (or kept in the dev outbox); failed: gave up. */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed'
