/**
 * The one Postgres-dialect schema, shared by PGlite and PostgreSQL: each module declares its tables in its own
 * `schema.ts`, and this file re-exports them all, so drizzle-kit reads every table here. Migrations under
 * `drizzle/` are generated from it and then frozen: change a table, run `npx drizzle-kit generate`, never edit an
 * applied migration. A module's schema imports only db/columns.ts and the schemas of the tables it references;
 * never this file, so that the schema's imports form no cycle.
 */
import type {
  AccountStatus,
  Invoice,
  LimitStatus,
  SubmitType,
  Transaction,
  ValidationStatus,
} from '@app/contract'
import type { ChainCheckState } from '@app/contract/ops'
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { operators } from '../modules/operators/schema.ts'
import { users } from '../modules/users/schema.ts'
import { at, createdAt } from './columns.ts'

export * from '../modules/account-submission/schema.ts'
export * from '../modules/audit/schema.ts'
export * from '../modules/auth/schema.ts'
export * from '../modules/bot/schema.ts'
export * from '../modules/bot-outbox/schema.ts'
export * from '../modules/email-auth/schema.ts'
export * from '../modules/email-outbox/schema.ts'
export * from '../modules/idempotency/schema.ts'
export * from '../modules/metrics/schema.ts'
export * from '../modules/news/schema.ts'
export * from '../modules/operators/schema.ts'
export * from '../modules/orders/schema.ts'
export * from '../modules/rates/schema.ts'
export * from '../modules/secrets/schema.ts'
export * from '../modules/settings/schema.ts'
export * from '../modules/sign-in-guard/schema.ts'
export * from '../modules/support/schema.ts'
export * from '../modules/users/schema.ts'
export type { OutboxStatus } from './columns.ts'

/**
 * Status columns are text in the database and typed here from the contract's enums (`$type`, no SQL change):
 * what the wire allows is what a row may hold, and modules need no casts.
 */
type ConfirmationStatus = Invoice['confirmationStatus']
type PaymentStatus = Invoice['paymentStatus']
type TransactionStatus = Transaction['status']
type PayoutCurrency = Transaction['currency']

// TODO(lead): move to modules/accounts/schema.ts at merge, once invoices has its module's schema (its
// reference to invoices would close an import cycle through this file today).
export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: uuid('uid').notNull().unique().default(sql`gen_random_uuid()`),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** E.164 with the leading '+'. One account per phone number, whoever submitted it. */
    phone: text('phone').notNull(),
    country: text('country').notNull(),
    /** The order's price when the account was submitted, USDT minor units. */
    price: bigint('price', { mode: 'bigint' }).notNull(),
    /** What the account earns: price less limit_discount % when permanently limited. */
    net: bigint('net', { mode: 'bigint' }).notNull(),
    limitDiscount: integer('limit_discount').notNull().default(0),
    status: text('status').$type<AccountStatus>().notNull().default('pending'),
    checkLimitStatus: boolean('check_limit_status').notNull().default(true),
    limitStatus: text('limit_status').$type<LimitStatus>().notNull().default('pending'),
    validationStatus: text('validation_status').$type<ValidationStatus>().notNull().default('pending'),
    /** When the next validation is due (pending, review), or when the last one ran. */
    validationAt: timestamp('validation_at', { withTimezone: true }),
    validationAttempts: integer('validation_attempts').notNull().default(0),
    /** Lease of the process validating the account now; null when nobody holds it. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    claimToken: uuid('claim_token'),
    submitType: text('submit_type').$type<SubmitType>().notNull(),
    /** The invoice the account is paid by; null while it counts toward the available balance. */
    invoiceId: bigint('invoice_id', { mode: 'number' }).references((): AnyPgColumn => invoices.id),
    // Check flags: true means the check passed, except check_freeze (true means frozen).
    checkSingleAuthorization: boolean('check_single_authorization').notNull().default(true),
    check2Fa: boolean('check_2fa').notNull().default(true),
    checkAuthorization: boolean('check_authorization').notNull().default(true),
    checkConnection: boolean('check_connection').notNull().default(true),
    checkChats: boolean('check_chats').notNull().default(true),
    checkFreeze: boolean('check_freeze').notNull().default(false),
    checkSendMessage: boolean('check_send_message').notNull().default(true),
    checkAddContact: boolean('check_add_contact').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_phone_unique').on(t.phone),
    // Keyset pages of one user's accounts, newest or oldest first.
    index('accounts_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The operators' account search without a phone (GET /ops/accounts): everyone's newest first. Without it the
    // first page sorted all the accounts (1M rows: hundreds of ms, docs/resilience.md 'Load').
    index('accounts_created_idx').on(t.createdAt, t.id),
    // The accounts tabs: one status, no invoice attached.
    index('accounts_user_status_created_idx')
      .on(t.userId, t.status, t.createdAt, t.id)
      .where(sql`${t.invoiceId} is null`),
    // Phone substring search of 3+ characters: trigrams per user (btree_gin puts user_id in the same
    // GIN index, so the scan reads only this user's entries). fastupdate off: no pending list that every
    // search would have to read in full; entries go into the index when the account is inserted.
    index('accounts_user_phone_trgm_idx')
      .using('gin', t.userId, t.phone.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    // The validation engine's queue: only rows still waiting for a validation.
    // An invoice's accounts, newest first (invoice detail).
    index('accounts_invoice_created_idx')
      .on(t.invoiceId, t.createdAt, t.id)
      .where(sql`${t.invoiceId} is not null`),
    index('accounts_validation_due_idx')
      .on(t.validationAt)
      .where(sql`${t.validationStatus} in ('pending', 'review')`),
    // The validation backlog: how many accounts wait and since when the oldest (the overview, every 15 s), from
    // the waiting rows alone rather than a scan of every account.
    index('accounts_pending_created_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // Decided accounts by when the engine decided them: the ledger export's credits and the overview's trends
    // (docs/console.md, 'Exports', 'Trends').
    index('accounts_decided_idx')
      .on(t.validationAt, t.id)
      .where(sql`${t.status} in ('accepted', 'rejected')`),
  ],
)

/** Fixed-window counters for rate limits that must hold across processes (code sends per phone, per user). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
})

/**
 * Invoices: a user's withdrawal of the accepted accounts attached to it (accounts.invoice_id).
 * `amount` is the sum of their net when the invoice was made (USDT minor units); see docs/payments.md.
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
    // Who else was paid to this card or sheba (self-referral signs, modules/referrals/shared-payouts.ts).
    index('bank_cards_number_idx').on(t.number),
    index('bank_cards_iban_idx').on(t.iban),
  ],
)

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
    currency: text('currency').$type<PayoutCurrency>().notNull(),
    status: text('status').$type<TransactionStatus>().notNull().default('pending'),
    /** The invoice amount paid by this transaction, USDT minor units. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    userFee: bigint('user_fee', { mode: 'bigint' }).notNull(),
    rate: bigint('rate', { mode: 'bigint' }).notNull(),
    net: bigint('net', { mode: 'bigint' }).notNull(),
    /**
     * What leaves, in USDT minor units: `net` at the lowest rate of its pair in force over FOUR_EYES_DELAY_SECONDS
     * before the request, never below `amount` (docs/payments.md, 'Exchange rates'). Four eyes and the largest
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
     * The chain check of a TRX or USDT payout (docs/payments.md, 'Chain check'); null until one is recorded, and for
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

/**
 * Referral earnings: the referrer's share of a referred user's accepted account, once per account (unique
 * account_id), at the share in force at acceptance, floored to the USDT minor unit. `invoice_id` null while it
 * counts toward the referrer's available balance; see docs/referrals.md.
 */
// TODO(lead): move to modules/referrals/schema.ts at merge, as accounts.
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

/** Leases one process holds at a time (the bot's long polling), with the position it reached. */
export const leases = pgTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  position: bigint('position', { mode: 'number' }).notNull().default(0),
})

/** Four eyes: who approved a payout above the admin-set amount before it may be recorded as sent. */
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
