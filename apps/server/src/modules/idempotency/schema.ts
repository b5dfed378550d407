/**
 * Idempotency keys (docs/resilience.md). Part of the one schema: db/schema.ts re-exports it, and drizzle-kit
 * reads it there.
 */
import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from '#db/columns.ts'
import { users } from '../users/schema.ts'

/**
 * Idempotency keys of the users' state-changing calls (plugins/idempotency.ts, docs/resilience.md): one row per
 * (user, key), holding an HMAC of the request (never the body: a 2FA password may be in it) and, once answered,
 * the answer to replay. `locked_until` is the lease of the request that runs it; a row past its lease that never
 * got an answer (its process died) may be taken over. Rows are kept until `expires_at` (pruned by housekeeping).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the request runs. */
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_expires_at_idx').on(t.expiresAt),
  ],
)
