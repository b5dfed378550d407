/**
 * The one Postgres-dialect schema, shared by PGlite and PostgreSQL.
 * Migrations under `drizzle/` are generated from this file and then frozen: change the schema,
 * run `npx drizzle-kit generate`, never edit an applied migration.
 */
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Public identifier: the only id that leaves the server (token subject). */
    uid: uuid('uid').notNull().unique().default(sql`gen_random_uuid()`),
    telegramId: bigint('telegram_id', { mode: 'number' }).notNull().unique(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name'),
    username: text('username'),
    languageCode: text('language_code'),
    /** Null for users admitted by an operator invite. */
    referrerUserId: bigint('referrer_user_id', { mode: 'number' }).references((): AnyPgColumn => users.id),
    canAddAccount: boolean('can_add_account').notNull().default(true),
    canRegisterAccount: boolean('can_register_account').notNull().default(true),
    canReferrer: boolean('can_referrer').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_referrer_user_id_idx').on(t.referrerUserId)],
)

export const referralLinks = pgTable(
  'referral_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull().unique(),
    /** Null for operator invite codes (root invites have no referrer). */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('referral_links_user_id_idx').on(t.userId)],
)

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

/** Generated secrets shared by every server process on the same database (auth secret, dev bot token). */
export const secrets = pgTable('secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})
