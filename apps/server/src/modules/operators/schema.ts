/**
 * Operators of the console and the CLI, and their sessions (docs/console.md). Part of the one schema:
 * db/schema.ts re-exports it, and drizzle-kit reads it there.
 */
import type { OperatorRole } from '@app/contract/ops'
import { sql } from 'drizzle-orm'
import { bigint, bigserial, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { at } from '#db/columns.ts'

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
