/**
 * The transactions table and its four-eyes approvals (docs/transactions.md). Part of the one schema: `db/schema.ts` re-exports it, so
 * drizzle-kit generates its migration with the rest.
 */
import type { Transaction } from '@app/contract'
import type { ChainCheckState } from '@app/contract/ops'
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { at, createdAt } from '#db/columns.ts'
import { bankCards } from '../bank-cards/schema.ts'
import { invoices } from '../invoices/schema.ts'
import { operators } from '../operators/schema.ts'
import { users } from '../users/schema.ts'

type TransactionStatus = Transaction['status']
type TransactionCurrency = Transaction['currency']

/**
 * Payouts of invoices. `net` is what the operator pays, in the payout currency's minor units
 * (trx, usdt: 6 decimals; irt: whole toman), computed once at request time; `rate` is payout units per
 * USDT x 10^6. At most one open (pending, broadcasting, review) transaction per invoice, by index.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: uuid('uid').notNull().unique().default(sql`gen_random_uuid()`),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** trx (TRC20), usdt (BEP20), irt (toman by bank transfer). */
    currency: text('currency').$type<TransactionCurrency>().notNull(),
    status: text('status').$type<TransactionStatus>().notNull().default('pending'),
    /** The invoice amount paid by this transaction, USDT minor units. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    userFee: bigint('user_fee', { mode: 'bigint' }).notNull(),
    rate: bigint('rate', { mode: 'bigint' }).notNull(),
    net: bigint('net', { mode: 'bigint' }).notNull(),
    /**
     * What leaves, in USDT minor units: `net` at the lowest rate of its pair in force over FOUR_EYES_DELAY_SECONDS
     * before the request, never below `amount` (docs/transactions.md, 'Exchange rates'). Four eyes and the largest
     * payout judge this.
     */
    valueUsdt: bigint('value_usdt', { mode: 'bigint' }).notNull(),
    /** Wallet address (trx, usdt) or IBAN (irt). */
    receiverAddress: text('receiver_address').notNull(),
    bankCardId: bigint('bank_card_id', { mode: 'number' }).references(() => bankCards.id),
    txid: text('txid'),
    senderAddress: text('sender_address'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The chain check of a TRX or USDT payout (docs/transactions.md, 'Chain check'); null until one is recorded, and for
     * toman. Confirmations seen and needed, why it was refused or expired, when it was last read, and until when a
     * waiting payout is re-checked in the background.
     */
    chainCheck: text('chain_check').$type<Exclude<ChainCheckState, 'not_applicable' | 'none'>>(),
    chainConfirmations: integer('chain_confirmations'),
    chainRequired: integer('chain_required'),
    chainReason: text('chain_reason'),
    chainCheckedAt: timestamp('chain_checked_at', { withTimezone: true }),
    chainWaitUntil: timestamp('chain_wait_until', { withTimezone: true }),
  },
  (t) => [
    index('transactions_invoice_created_idx').on(t.invoiceId, t.createdAt),
    // The background check's queue, and the overview's count.
    index('transactions_chain_waiting_idx').on(t.chainCheckedAt).where(sql`${t.chainCheck} = 'waiting'`),
    // A txid is recorded for one payout only: the check looks it up without regard to case.
    index('transactions_txid_idx').on(sql`lower(${t.txid})`).where(sql`${t.txid} is not null`),
    uniqueIndex('transactions_one_open_per_invoice')
      .on(t.invoiceId)
      .where(sql`${t.status} in ('pending', 'broadcasting', 'review')`),
    index('transactions_status_created_idx').on(t.status, t.createdAt),
    // Every payout of a period (the CSV export), and the successful ones by when they were paid (the ledger
    // export, the overview's trends).
    index('transactions_created_idx').on(t.createdAt, t.id),
    index('transactions_paid_idx').on(t.paidAt, t.id).where(sql`${t.status} = 'success'`),
    // Who else was paid to this wallet (self-referral signs).
    index('transactions_receiver_idx').on(sql`lower(${t.receiverAddress})`),
  ],
)

/** Four eyes: who approved a transaction above the admin-set amount before it may be recorded as sent. */
export const payoutApprovals = pgTable(
  'payout_approvals',
  {
    transactionUid: uuid('transaction_uid').notNull(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    approvedAt: at('approved_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.transactionUid, t.operatorId] })],
)
