/**
 * Email and password sign-in (docs/email-auth.md). Part of the one schema: db/schema.ts re-exports it, and
 * drizzle-kit reads it there.
 */
import { sql } from 'drizzle-orm'
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from '#db/columns.ts'
import { referralLinks, users } from '../users/schema.ts'

/** What an email code proves: the mailbox (verify) or a password reset (reset). */
export type EmailCodePurpose = 'verify' | 'reset'

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
