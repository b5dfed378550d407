/**
 * The invoices table (docs/transactions.md). Part of the one schema: `db/schema.ts` re-exports it, so drizzle-kit
 * generates its migration with the rest.
 */
import type { Invoice } from '@app/contract'
import { sql } from 'drizzle-orm'
import { bigint, bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '#db/columns.ts'
import { users } from '../users/schema.ts'

type ConfirmationStatus = Invoice['confirmationStatus']
type PaymentStatus = Invoice['paymentStatus']

/**
 * Invoices: a user's withdrawal of the accepted accounts attached to it (accounts.invoice_id).
 * `amount` is the sum of their net when the invoice was made (USDT minor units); see docs/transactions.md.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: uuid('uid').notNull().unique().default(sql`gen_random_uuid()`),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** pending, confirmed, rejected, validating: operators decide. */
    confirmationStatus: text('confirmation_status').$type<ConfirmationStatus>().notNull().default('pending'),
    /** pending, success, review, failed: follows the invoice's transactions. */
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('pending'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('invoices_confirmation_created_idx').on(t.confirmationStatus, t.createdAt),
    // Every invoice of a period, oldest first (the CSV export).
    index('invoices_created_idx').on(t.createdAt, t.id),
  ],
)
