import * as z from 'zod/mini'
import { ReferralCodeSchema } from '../auth.ts'

/** `ops invite create [code]`: an operator's invite is a referral code nobody owns. */
export const CreateInviteBodySchema = z.strictObject({ code: z.optional(ReferralCodeSchema) })
export const InviteSchema = z.object({ code: z.string() })
