import * as z from 'zod/mini'
import { V } from './messages.ts'
import { REFERRAL_CODE_PATTERN } from './session.ts'

/** A referral code, as a start parameter or a request field (see REFERRAL_CODE_PATTERN). */
export const ReferralCodeSchema = z
  .string()
  .check(z.regex(REFERRAL_CODE_PATTERN, { error: V.referralCodeInvalid }))

export const TelegramAuthorizeBodySchema = z.object({
  /** The raw init data string exactly as Telegram passed it (never re-serialized). */
  initData: z
    .string({ error: V.initDataRequired })
    .check(z.minLength(1, { error: V.initDataRequired }), z.maxLength(8192)),
  referralCode: z.optional(ReferralCodeSchema),
})
export type TelegramAuthorizeBody = z.infer<typeof TelegramAuthorizeBodySchema>
