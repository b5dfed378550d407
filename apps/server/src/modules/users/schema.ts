/**
 * Users, the referral codes that admit them, and the blocks operators put on them (docs/console.md). `users`
 * and `referral_links` point at each other, so they share a file: the schema's imports form no cycle. Part of
 * the one schema: db/schema.ts re-exports it, and drizzle-kit reads it there.
 */
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { at, createdAt } from '#db/columns.ts'

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Public identifier: the only id that leaves the server (token subject). */
    uid: uuid('uid').notNull().unique().default(sql`gen_random_uuid()`),
    /** Null for users who joined by email registration (docs/email-auth.md) and never signed in through Telegram. */
    telegramId: bigint('telegram_id', { mode: 'number' }).unique(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name'),
    username: text('username'),
    languageCode: text('language_code'),
    /**
     * The country the user last picked on a phone screen (ISO alpha-2): a number typed without its country code is
     * one of its numbers. Null until they pick one (their language's country is used then: lib/phone-number.ts).
     */
    phoneCountry: text('phone_country'),
    /** Null for users admitted by an operator invite. */
    referrerUserId: bigint('referrer_user_id', { mode: 'number' }).references((): AnyPgColumn => users.id),
    /** The referral code or operator invite that admitted the user (null before migration 0011 and for demo users). */
    referralLinkId: bigint('referral_link_id', { mode: 'number' }).references(
      (): AnyPgColumn => referralLinks.id,
    ),
    canAddAccount: boolean('can_add_account').notNull().default(true),
    canRegisterAccount: boolean('can_register_account').notNull().default(true),
    canReferrer: boolean('can_referrer').notNull().default(true),
    /** When the mini-app last showed the channel prompt to the user, on any device (issue 38). */
    channelPromptedAt: timestamp('channel_prompted_at', { withTimezone: true }),
    /** 'Join Channel' pressed, and the channel check has not said joined since: the prompt waits for it. */
    channelJoinPressedAt: timestamp('channel_join_pressed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_referrer_user_id_idx').on(t.referrerUserId),
    index('users_referral_link_id_idx').on(t.referralLinkId),
    // The console's user search: a case-insensitive substring of a name or username (docs/console.md).
    index('users_name_trgm_idx')
      .using(
        'gin',
        t.firstName.op('gin_trgm_ops'),
        t.lastName.op('gin_trgm_ops'),
        t.username.op('gin_trgm_ops'),
      )
      .with({ fastupdate: false }),
  ],
)

export const referralLinks = pgTable(
  'referral_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull().unique(),
    /** Null for operator invite codes (root invites have no referrer). */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Operator invites: the login of the operator who made it (`bootstrap` for OPS_TOKEN); null for users' links. */
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('referral_links_user_id_idx').on(t.userId),
    // A user has at most one live code: two concurrent refreshes cannot both leave one (docs/referrals.md).
    uniqueIndex('referral_links_one_live_per_user')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null and ${t.userId} is not null`),
  ],
)

/** Users an operator blocked: their access and refresh tokens stop working at once (docs/console.md). */
export const userBlocks = pgTable('user_blocks', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  blockedAt: at('blocked_at').notNull().defaultNow(),
  reason: text('reason').notNull(),
})
