/**
 * Operators of the console and the CLI, their sessions, the audit log, and payout approvals (four eyes)
 * (docs/console.md). Part of the one schema: `schema.ts` re-exports it, so drizzle-kit generates its
 * migration with the rest.
 */
import type { ExchangePair } from '@app/contract'
import type { OperatorRole } from '@app/contract/ops'
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'

const at = (name: string) => timestamp(name, { withTimezone: true })

export const operators = pgTable(
  'operators',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    login: text('login').notNull().unique(),
    role: text('role').$type<OperatorRole>().notNull(),
    /** argon2id (modules/email-auth/secrets.ts). */
    passwordHash: text('password_hash').notNull(),
    /** The TOTP secret, sealed with a key derived from the auth secret (AES-256-GCM), never in plain text. */
    totpSecret: text('totp_secret').notNull(),
    /** The last TOTP time step accepted: a code is good once (no replay within its window). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Unused since failures are counted per address (modules/sign-in-guard, migration 0014); kept for old rows. */
    failedLogins: integer('failed_logins').notNull().default(0),
    /** Until when the login is closed to addresses it never signed in from (shown by the console; the guard decides). */
    lockedUntil: at('locked_until'),
    /** SHA-256 of the personal API token (the CLI's), or null for none. */
    apiTokenHash: text('api_token_hash').unique(),
    /** When the token was issued: it works for OPS_API_TOKEN_TTL_DAYS from then. */
    apiTokenIssuedAt: at('api_token_issued_at'),
    /** Its last use, written at most once a minute. */
    apiTokenLastUsedAt: at('api_token_last_used_at'),
    disabledAt: at('disabled_at'),
    /**
     * Four eyes: from when this operator's approvals and sends of payouts above the approval amount count (a delay
     * after joining, a new role, being enabled again or new credentials from an admin); null while they may not.
     */
    signsPayoutsFrom: at('signs_payouts_from'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [check('operators_role_check', sql`${t.role} in ('viewer', 'operator', 'admin')`)],
)

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** SHA-256 of the cookie's token: a database read does not yield a usable session. */
    tokenHash: text('token_hash').notNull().unique(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    /** The absolute end, whatever the activity. */
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('operator_sessions_operator_id_idx').on(t.operatorId)],
)

/** Append-only: the migration adds a trigger that refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull().defaultNow(),
    /** Null for the bootstrap OPS_TOKEN. */
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    /** The operator's login at the time (`bootstrap` for OPS_TOKEN). */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actor, t.id),
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.id),
    index('audit_log_at_idx').on(t.at, t.id),
  ],
)

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

/**
 * An exchange rate change beyond the step (four eyes, docs/transactions.md): proposed by one named admin against the
 * rate then in force (`base_price`), applied only on another's approval; one per pair, a new proposal replaces it.
 */
export const pendingRates = pgTable('pending_rates', {
  pair: text('pair').$type<ExchangePair>().primaryKey(),
  /** Micro-units, as `exchange_rates.price`. */
  price: bigint('price', { mode: 'bigint' }).notNull(),
  basePrice: bigint('base_price', { mode: 'bigint' }).notNull(),
  proposedBy: bigint('proposed_by', { mode: 'number' })
    .notNull()
    .references(() => operators.id),
  proposedAt: at('proposed_at').notNull(),
})

/** Users an operator blocked: their access and refresh tokens stop working at once (docs/console.md). */
export const userBlocks = pgTable('user_blocks', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  blockedAt: at('blocked_at').notNull().defaultNow(),
  reason: text('reason').notNull(),
})
