/**
 * Refresh tokens (docs/architecture.md, 'Authorization'). Part of the one schema: db/schema.ts re-exports it,
 * and drizzle-kit reads it there.
 */
import { bigint, bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '#db/columns.ts'
import { users } from '../users/schema.ts'

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** Every token issued by rotation from one login shares the family; reuse revokes the family. */
    familyId: uuid('family_id').notNull(),
    /** SHA-256 of the opaque token: the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    replacedById: bigint('replaced_by_id', { mode: 'number' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_id_idx').on(t.familyId)],
)
