import * as z from 'zod/mini'
import { LanguageSchema } from './locales.ts'
import type { ValidationMessageKey } from './messages.ts'
import { REFERRAL_CODE_PATTERN } from './referral-code.ts'

/*
 * Message keys written out (their type checks them against V's): the mini-app's first screen declares the
 * authorize call with these schemas, and reading V there would take every message key into it.
 */
const INIT_DATA_REQUIRED: ValidationMessageKey = 'validation.initDataRequired'
const REFERRAL_CODE_INVALID: ValidationMessageKey = 'validation.referralCodeInvalid'

/** A referral code, as a start parameter or a request field (see REFERRAL_CODE_PATTERN). */
export const ReferralCodeSchema = z
  .string()
  .check(z.regex(REFERRAL_CODE_PATTERN, { error: REFERRAL_CODE_INVALID }))

export const TelegramAuthorizeBodySchema = z.object({
  /** The raw init data string exactly as Telegram passed it (never re-serialized). */
  initData: z
    .string({ error: INIT_DATA_REQUIRED })
    .check(z.minLength(1, { error: INIT_DATA_REQUIRED }), z.maxLength(8192)),
  referralCode: z.optional(ReferralCodeSchema),
})
export type TelegramAuthorizeBody = z.infer<typeof TelegramAuthorizeBodySchema>

/** PUT /me/language: the language the app shows at this launch (docs/bot.md, 'Language'). */
export const SetLanguageBodySchema = z.object({ language: LanguageSchema })
