/**
 * The bank cards table (docs/transactions.md). Part of the one schema: `db/schema.ts` re-exports it, so drizzle-kit
 * generates its migration with the rest.
 */
import { sql } from 'drizzle-orm'
import { bigint, bigserial, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '#db/columns.ts'
import { users } from '../users/schema.ts'

/** Bank cards users were paid to in toman, saved for reuse: one row per user, card and IBAN. */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: uuid('uid').notNull().unique().default(sql`gen_random_uuid()`),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    family: text('family').notNull(),
    number: text('number').notNull(),
    /** With the IR prefix. */
    iban: text('iban').notNull(),
    /** Last used: the list shows the most recently used first. */
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_cards_user_number_iban_unique').on(t.userId, t.number, t.iban),
    index('bank_cards_user_created_idx').on(t.userId, t.createdAt, t.id),
    // Who else was paid to this card or sheba (self-referral signs, modules/referrals/shared-destinations.ts).
    index('bank_cards_number_idx').on(t.number),
    index('bank_cards_iban_idx').on(t.iban),
  ],
)
