/** The referral earnings table (docs/referrals.md). Part of the one schema: db/schema.ts re-exports it. */
import { sql } from 'drizzle-orm'
import { bigint, bigserial, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from '#db/columns.ts'
import { accounts } from '../accounts/schema.ts'
import { invoices } from '../invoices/schema.ts'
import { users } from '../users/schema.ts'

/**
 * Referral earnings: the referrer's share of a referred user's accepted account, once per account (unique
 * account_id), at the share in force at acceptance, floored to the USDT minor unit. `invoice_id` null while it
 * counts toward the referrer's available balance; see docs/referrals.md.
 */
export const referralEarnings = pgTable(
  'referral_earnings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    referrerUserId: bigint('referrer_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** USDT minor units (6 decimals). */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The share applied, in hundredths of a percent (1050 = 10.5 %). */
    shareBasisPoints: integer('share_basis_points').notNull(),
    invoiceId: bigint('invoice_id', { mode: 'number' }).references(() => invoices.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_earnings_account_unique').on(t.accountId),
    index('referral_earnings_referrer_idx').on(t.referrerUserId, t.invoiceId),
    // The ledger export's referral credits of a period.
    index('referral_earnings_created_idx').on(t.createdAt, t.id),
    index('referral_earnings_invoice_idx').on(t.invoiceId).where(sql`${t.invoiceId} is not null`),
  ],
)
