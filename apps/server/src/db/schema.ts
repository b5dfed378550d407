/**
 * The one Postgres-dialect schema, shared by PGlite and PostgreSQL.
 * Migrations under `drizzle/` are generated from this file and then frozen: change the schema,
 * run `npx drizzle-kit generate`, never edit an applied migration.
 */
import type {
  AccountStatus,
  CodeType,
  ExchangePair,
  LimitStatus,
  SubmitType,
  ValidationStatus,
} from '@app/contract'
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { invoices } from '../modules/invoices/schema.ts'
import { referralLinks, users } from '../modules/users/schema.ts'

// Status columns are text in the database and typed here from the contract's enums (`$type`, no SQL change):
// what the wire allows is what a row may hold, and modules need no casts.

/** Which flow a submission is: login (submit-account-*) or sign-up (auth/*). */
export type FlowPurpose = 'login' | 'signup'
/**
 * code_sent: waiting for the login code; email_required: a login email must be chosen;
 * email_code_sent: waiting for the email code; password_required: waiting for the 2FA password;
 * ready: the provider accepted the login, submit-account may create the account.
 */
export type FlowState = 'code_sent' | 'email_required' | 'email_code_sent' | 'password_required' | 'ready'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

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

/** Operator-tunable switches and limits; typed and defaulted in `modules/settings`. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A setting's change that waits (docs/console.md, 'Four eyes'): a weaker `payout_approval_above` applies at
 * `effective_at`; until then `settings` holds the value in force. One per key: a new change replaces it.
 */
export const pendingSettings = pgTable('pending_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
  /** The operator's login (`bootstrap` for OPS_TOKEN). */
  requestedBy: text('requested_by').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
})

/** Generated secrets shared by every server process on the same database (auth secret, dev bot token). */
export const secrets = pgTable('secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})

/**
 * Orders: what the provider buys, per country. `capacity` is how many more accounts may be
 * submitted for the country; each submitted account takes one (atomically, see orders repository).
 */
export const orders = pgTable('orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** ISO 3166-1 alpha-2, upper case. */
  country: text('country').notNull().unique(),
  /** USDT minor units (6 decimals). */
  price: bigint('price', { mode: 'bigint' }).notNull(),
  capacity: integer('capacity').notNull().default(0),
  isOpen: boolean('is_open').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

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

/**
 * In-progress account submissions (login) and sign-ups, so any server process can continue one.
 * Codes and passwords are never stored: the provider checks them.
 */
export const submissionFlows = pgTable(
  'submission_flows',
  {
    /** The flow's id; sign-up calls it sessionId. */
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** 'login' (submit-account-*) or 'signup' (auth/*): one active flow of each per user. */
    purpose: text('purpose').$type<FlowPurpose>().notNull(),
    submitType: text('submit_type').$type<SubmitType>().notNull(),
    phone: text('phone').notNull(),
    country: text('country').notNull(),
    /** The provider's handle for its side of the flow (opaque to us). */
    providerSession: text('provider_session').notNull(),
    state: text('state').$type<FlowState>().notNull(),
    codeType: text('code_type').$type<CodeType>().notNull(),
    nextType: text('next_type').$type<CodeType>(),
    codeLength: integer('code_length'),
    timeoutSeconds: integer('timeout_seconds'),
    email: text('email'),
    emailCodeLength: integer('email_code_length'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('submission_flows_user_purpose_unique').on(t.userId, t.purpose)],
)

/** Fixed-window counters for rate limits that must hold across processes (code sends per phone, per user). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
})

/** Exchange rates set by operators, with their history: the newest row of a pair is the rate. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** USDTIRT (toman per USDT), USDTTRX (TRX per USDT). */
    pair: text('pair').$type<ExchangePair>().notNull(),
    /** Units of the quote currency per 1 USDT, x 10^6. */
    price: bigint('price', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('exchange_rates_pair_id_idx').on(t.pair, t.id)],
)

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

/**
 * News published by operators, newest first (docs/news.md). One column per language rather than a
 * translations table: the languages are the two the mini-app ships (en, fa), English is required (NOT NULL) and
 * is every reader's fallback; Persian is optional, both of its fields or neither (check).
 */
export const news = pgTable(
  'news',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: uuid('uid').notNull().unique().default(sql`gen_random_uuid()`),
    titleEn: text('title_en').notNull(),
    bodyEn: text('body_en').notNull(),
    titleFa: text('title_fa'),
    bodyFa: text('body_fa'),
    /** Orders the list (keyset with id) and decides what a user has not seen yet. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('news_published_idx').on(t.publishedAt, t.id),
    check('news_fa_pair', sql`(${t.titleFa} is null) = (${t.bodyFa} is null)`),
  ],
)

/**
 * How far each user has read the news: items published after `seen_up_to` are unseen (the dashboard's
 * badge). A row of its own rather than a users column, written only by `POST /news/seen`; no row = nothing seen.
 */
export const newsSeen = pgTable('news_seen', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  seenUpTo: timestamp('seen_up_to', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** What an email code proves: the mailbox (verify) or a password reset (reset). */
export type EmailCodePurpose = 'verify' | 'reset'
/** pending: waiting (or backing off); sending: claimed by a worker; sent: delivered (or kept in the dev outbox); failed: gave up. */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed'

/**
 * Email and password sign-in (docs/email-auth.md): one identity per email (trimmed, lower case), the mailbox, a
 * second way into a user once proven (`verified_at`, `user_id` and the prover's password hash, set together).
 * Until then its codes go to the mailbox, and the people who asked for it wait in `email_registrations`.
 * Passwords are argon2id hashes (PHC strings); nothing here is a secret in plain text.
 */
export const emailIdentities = pgTable(
  'email_identities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull().unique(),
    /** The user this email signs in to: set when the mailbox is proven, never before. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    /** The owner's password: set when the mailbox is proven (the prover's), then by resets. */
    passwordHash: text('password_hash'),
    /** The language of its emails: the body's lng or Accept-Language at the last code request. */
    languageCode: text('language_code').notNull().default('en'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_identities_user_unique').on(t.userId).where(sql`${t.userId} is not null`),
    // The console's user search by a substring of the email.
    index('email_identities_email_trgm_idx')
      .using('gin', t.email.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
)

/**
 * Registrations of an email not proven yet, one per person who asked (issue 37): a signed-in user's
 * (`requested_by_user_id`, their next registration replaces it) or one made without a session (a new user, with
 * the code the gate admitted). Whoever enters the mailbox's code, with their session or the password they set,
 * proves their own registration, and the others are deleted. A registration lives an hour.
 */
export const emailRegistrations = pgTable(
  'email_registrations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    identityId: bigint('identity_id', { mode: 'number' })
      .notNull()
      .references(() => emailIdentities.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    /** Registered while signed in through Telegram: the user a proof (with their session) joins. */
    requestedByUserId: bigint('requested_by_user_id', { mode: 'number' }).references(() => users.id),
    /** Without a session: the referrer the gate admitted (null: an operator invite). */
    referrerUserId: bigint('referrer_user_id', { mode: 'number' }).references(() => users.id),
    /** Without a session: the code the gate admitted, given to the user made at verification. */
    referralLinkId: bigint('referral_link_id', { mode: 'number' }).references(() => referralLinks.id),
    /** The language the registrant used: the new user's. */
    languageCode: text('language_code').notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_registrations_identity_idx').on(t.identityId),
    uniqueIndex('email_registrations_identity_user_unique')
      .on(t.identityId, t.requestedByUserId)
      .where(sql`${t.requestedByUserId} is not null`),
    // A signed-in user's registration of another email gives way to their next one.
    index('email_registrations_requested_by_idx')
      .on(t.requestedByUserId)
      .where(sql`${t.requestedByUserId} is not null`),
  ],
)

/**
 * One live code per identity (the mailbox) and purpose (a new request replaces it): an HMAC of the code, never the code; single
 * use (`used_at`), 10 minutes, 5 wrong tries. A reset holds the new password's hash until it is confirmed.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    identityId: bigint('identity_id', { mode: 'number' })
      .notNull()
      .references(() => emailIdentities.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<EmailCodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    newPasswordHash: text('new_password_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_codes_identity_purpose_unique').on(t.identityId, t.purpose)],
)

/**
 * Transactional outbox of email: written in the transaction that makes the code, delivered by whichever server
 * process claims the row (`for update skip locked` plus a lease). `payload` is the rendered message sealed with
 * AES-256-GCM (key derived from the auth secret), blanked once an SMTP server took it; mail kept in the dev outbox
 * (no SMTP_URL) keeps it for the simulator's panel.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    /** What the mail is (verify, reset): for people reading the table, never the code. */
    kind: text('kind').notNull(),
    payload: text('payload'),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    /** 'smtp' or 'dev' (kept in the dev outbox). */
    transport: text('transport'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index('email_outbox_dev_idx').on(t.id).where(sql`${t.transport} = 'dev'`),
    // The metrics (modules/metrics): the backlog's oldest row and the failed rows, each without a scan.
    index('email_outbox_backlog_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('email_outbox_failed_created_idx').on(t.createdAt).where(sql`${t.status} = 'failed'`),
  ],
)

/**
 * The Telegram bot (docs/bot.md). One row per Telegram user the bot may know: whether they allowed messages (init
 * data's `allows_write_to_pm`) or started the bot, and whether a send answered 403 (blocked: no more messages
 * until they /start again).
 */
export const botChats = pgTable('bot_chats', {
  telegramId: bigint('telegram_id', { mode: 'number' }).primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  writeAllowedAt: timestamp('write_allowed_at', { withTimezone: true }),
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The bot's outbox: a message is written in the transaction of the change it tells of, rendered when sent (kind,
 * language, params), and claimed by one worker at a time (`FOR UPDATE SKIP LOCKED`, lease, claim token), as
 * email_outbox. `dedupe_key` (unique) keeps one-off alerts (a payout long in review) from being queued twice.
 */
export const botOutbox = pgTable(
  'bot_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    /** The user it is for; null for the operators' chat. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    kind: text('kind').notNull(),
    language: text('language').notNull().default('en'),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    dedupeKey: text('dedupe_key').unique(),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    messageId: bigint('message_id', { mode: 'number' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('bot_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index('bot_outbox_chat_idx').on(t.chatId, t.sentAt),
    // The metrics (modules/metrics): the backlog's oldest row and the failed rows, each without a scan.
    index('bot_outbox_backlog_created_idx').on(t.createdAt).where(sql`${t.status} in ('pending', 'sending')`),
    index('bot_outbox_failed_created_idx').on(t.createdAt).where(sql`${t.status} = 'failed'`),
  ],
)

/**
 * The updates the bot handled (docs/bot.md, 'Each update once'), per bot: a replayed update_id finds its row and
 * gets no second answer. Written in the transaction that queues the answer; only ids and a time, never the
 * update. Pruned by housekeeping after a day at least (Telegram keeps an update for redelivery 24 hours at most).
 */
export const botUpdates = pgTable(
  'bot_updates',
  {
    botId: bigint('bot_id', { mode: 'number' }).notNull(),
    updateId: bigint('update_id', { mode: 'number' }).notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.botId, t.updateId] }),
    index('bot_updates_handled_at_idx').on(t.handledAt),
  ],
)

/**
 * The last ledger check's verdict (modules/metrics): one row, written by whichever process ran the check (one a
 * round, by a lease), read by every process's metrics.
 */
export const ledgerChecks = pgTable('ledger_checks', {
  id: integer('id').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  problems: integer('problems').notNull(),
  durationMs: integer('duration_ms').notNull(),
  /** The first problems found (LEDGER_PROBLEMS_KEPT), as the ledger report words them: the console shows them. */
  found: jsonb('found').$type<string[]>().notNull().default([]),
})

/** Leases one process holds at a time (the bot's long polling), with the position it reached. */
export const leases = pgTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  position: bigint('position', { mode: 'number' }).notNull().default(0),
})

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

export * from '../modules/bank-cards/schema.ts'
export * from '../modules/invoices/schema.ts'
export * from '../modules/transactions/schema.ts'
// Users and their referral links; the money tables (docs/transactions.md): each in its module.
export * from '../modules/users/schema.ts'
// Operators, their sessions, the audit log and transaction approvals (docs/console.md).
export * from './operators-schema.ts'
