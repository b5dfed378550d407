/**
 * Where each sign-in succeeded lately (docs/resilience.md). Part of the one schema: db/schema.ts re-exports
 * it, and drizzle-kit reads it there.
 */
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Addresses each sign-in (an email's, an operator's) succeeded from lately (modules/sign-in-guard): they keep
 * signing in while failures from elsewhere have closed the sign-in to other addresses. `subject` names the sign-in
 * (`email:<email>`, `operator:<HMAC of the login>`), `address` the client's IPv4 address or IPv6 /64.
 */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    subject: text('subject').notNull(),
    address: text('address').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.subject, t.address] }),
    index('sign_in_addresses_last_success_idx').on(t.lastSuccessAt),
  ],
)
