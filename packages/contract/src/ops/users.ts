import * as z from 'zod/mini'
import { UidSchema } from '../common.ts'
import { LimitSchema } from './limit.ts'

/**
 * A user as operators name them in a path (`/ops/users/:user`): their user id (`uid`), which every user has
 * whatever way they signed in, or their Telegram id (digits: the paths' older form, kept for scripts).
 */
export const UserRefSchema = z.union([UidSchema, z.string().check(z.regex(/^[1-9]\d{0,14}$/))], {
  error: 'a user id (UUID) or a Telegram id',
})
export const UserRefParamsSchema = z.object({ user: UserRefSchema })

/** A user as operators read it (`ops user show`): who referred them, whom they brought, what they may do. */
export const OpsUserSchema = z.object({
  /** Null for a user who joined by email registration and never signed in through Telegram. */
  telegramId: z.nullable(z.int()),
  /** The verified sign-in email, if any (docs/email-auth.md). */
  email: z.nullable(z.string()),
  uid: z.string(),
  firstName: z.string(),
  lastName: z.nullable(z.string()),
  username: z.nullable(z.string()),
  canReferrer: z.boolean(),
  canAddAccount: z.boolean(),
  canRegisterAccount: z.boolean(),
  referrerTelegramId: z.nullable(z.int()),
  referralCount: z.int(),
  /** Blocked by an operator: none of the user's tokens work (docs/console.md). */
  blocked: z.boolean(),
  createdAt: z.string(),
  /**
   * Possible self-referral (docs/referrals.md): the user's referrer or referrals who were paid to one of the user's
   * payout wallets, cards or shebas, with what they share.
   */
  referralFlags: z.array(
    z.object({
      relation: z.enum(['referrer', 'referral']),
      telegramId: z.nullable(z.int()),
      uid: z.string(),
      shared: z.array(z.enum(['card', 'sheba', 'wallet'])),
    }),
  ),
})
export type OpsUser = z.infer<typeof OpsUserSchema>

/** A self-referral sign in one line, the same in the console and the CLI. */
export function referralFlagSummary(flag: OpsUser['referralFlags'][number]): string {
  const who = flag.telegramId === null ? `user ${flag.uid}` : `Telegram ${flag.telegramId}`
  return `Possible self-referral: paid to the same ${flag.shared.join(', ')} as their ${flag.relation} (${who})`
}

/** `ops user set <user> --can-referrer true ...`: the flags to change, at least one. */
export const SetUserFlagsBodySchema = z
  .strictObject({
    canReferrer: z.optional(z.boolean()),
    canAddAccount: z.optional(z.boolean()),
    canRegisterAccount: z.optional(z.boolean()),
  })
  .check(
    z.refine((body) => Object.values(body).some((v) => v !== undefined), {
      error: 'give at least one of canReferrer, canAddAccount, canRegisterAccount',
    }),
  )
export type SetUserFlags = z.infer<typeof SetUserFlagsBodySchema>

/**
 * `GET /ops/users?q=`: users whose user id or Telegram id is `q`, who submitted an account with the phone `q` (a + and
 * digits; spaces, dashes and brackets ignored), or whose first or last name, username or sign-in email contains it
 * (case-insensitive; a leading @ is ignored), newest first, paged by cursor.
 */
export const OpsUserSearchQuerySchema = z.object({
  q: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'q: give a user id, Telegram id, phone, name, username or email'),
      z.maxLength(64),
    ),
  cursor: z.optional(z.string().check(z.maxLength(256))),
  limit: LimitSchema,
})
export const OpsUserFoundSchema = z.object({
  telegramId: z.nullable(z.int()),
  uid: z.string(),
  firstName: z.string(),
  lastName: z.nullable(z.string()),
  username: z.nullable(z.string()),
  email: z.nullable(z.string()),
  blocked: z.boolean(),
  createdAt: z.string(),
})
export type OpsUserFound = z.infer<typeof OpsUserFoundSchema>
export const OpsUserPageSchema = z.object({
  items: z.array(OpsUserFoundSchema),
  nextPage: z.nullable(z.string()),
})
