/**
 * The accounts table: the Telegram accounts users submit, their validation and the invoice that pays them
 * (docs/accounts.md). Part of the one schema: db/schema.ts re-exports it, and drizzle-kit reads it there.
 */
import type { AccountStatus, LimitStatus, SubmitType, ValidationStatus } from '@app/contract'
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt } from '#db/columns.ts'
import { invoices } from '../invoices/schema.ts'
import { users } from '../users/schema.ts'

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
