import * as z from 'zod/mini'
import { ReferralCodeSchema } from '../auth.ts'
import { LimitSchema } from './limit.ts'

/** `ops invite create [code]`: an operator's invite is a referral code nobody owns. */
export const CreateInviteBodySchema = z.strictObject({ code: z.optional(ReferralCodeSchema) })
export const InviteSchema = z.object({ code: z.string() })

/** `POST /ops/invites/:code/revoke`: the invite stops admitting anyone at once; users who joined stay. */
export const InviteCodeParamsSchema = z.object({ code: z.string().check(z.minLength(1), z.maxLength(64)) })
export const RevokedInviteSchema = z.object({ code: z.string(), revokedAt: z.string() })

/** `GET /ops/invites`: operators' invites, newest first, paged by cursor. */
export const InviteListQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.maxLength(256))),
  limit: LimitSchema,
})
/** A user who joined through an invite. */
export const InviteUserSchema = z.object({
  /** Null for a user who joined by email and never signed in through Telegram. */
  telegramId: z.nullable(z.int()),
  firstName: z.string(),
  joinedAt: z.string(),
})
export const InviteRowSchema = z.object({
  code: z.string(),
  createdAt: z.string(),
  /** The operator's login (`bootstrap` for OPS_TOKEN); null for invites made before it was recorded (the demo's). */
  createdBy: z.nullable(z.string()),
  /** Set when the invite no longer admits anyone. */
  revokedAt: z.nullable(z.string()),
  /** How many users joined through it. */
  uses: z.int(),
  /** The first of them (at most 5), oldest first. */
  usedBy: z.array(InviteUserSchema),
})
export type InviteRow = z.infer<typeof InviteRowSchema>
export const InvitePageSchema = z.object({
  items: z.array(InviteRowSchema),
  nextPage: z.nullable(z.string()),
})
