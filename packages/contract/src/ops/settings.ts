import * as z from 'zod/mini'

/** Operator settings (`ops settings set`): the keys, what each means, and their values on the wire. */
export const SETTING_KEYS = [
  'order_open',
  'payment_open',
  'toman_payment_open',
  'min_payment_limit',
  'max_payment_limit',
  'channel_username',
  'validation_delay_seconds',
  'invoice_delay_seconds',
  'referral_share_percent',
  'new_user_can_referrer',
  'new_user_can_add_account',
  'new_user_can_register_account',
  'email_allowed_domains',
  'payout_approval_above',
  'rate_step_percent',
  'rate_usdtirt_min',
  'rate_usdtirt_max',
  'rate_usdttrx_min',
  'rate_usdttrx_max',
] as const
export type SettingKey = (typeof SETTING_KEYS)[number]

/** One line each, for the CLI's help and the console. */
export const SETTING_DESCRIPTIONS: Record<SettingKey, string> = {
  order_open: 'accounts can be submitted (global order switch)',
  payment_open: 'users can create invoices and request payments',
  toman_payment_open: 'toman (IRT) payment requests are open',
  min_payment_limit: 'smallest invoice amount, USDT',
  max_payment_limit: 'largest invoice amount, USDT',
  channel_username: 'public channel users are asked to join (without @), or null for none',
  validation_delay_seconds: 'seconds between an account submission and its validation',
  invoice_delay_seconds: 'minimum seconds between two invoices of one user',
  referral_share_percent:
    "percent of a referred user's accepted account net earned by the referrer (0 to 100, 2 decimals)",
  new_user_can_referrer: 'new users may refer others (have a referral link)',
  new_user_can_add_account: 'new users may submit accounts by login',
  new_user_can_register_account: 'new users may submit accounts by sign-up',
  email_allowed_domains:
    'email domains accepted for sign-in registration, comma-separated (example.com, mail.example.org); empty for any',
  payout_approval_above:
    "transactions above this USDT amount need a second named operator's approval before they are sent (four eyes), 0 for none; a higher amount, or 0, waits FOUR_EYES_DELAY_SECONDS (a day by default) before it applies",
  rate_step_percent:
    "an exchange rate more than this percent away from the rate in force needs a second named admin's approval (0 to 100); a higher step waits FOUR_EYES_DELAY_SECONDS",
  rate_usdtirt_min:
    'lowest USDTIRT rate an admin may set, toman per USDT; a lower bound waits FOUR_EYES_DELAY_SECONDS',
  rate_usdtirt_max:
    'highest USDTIRT rate an admin may set, toman per USDT; a higher bound waits FOUR_EYES_DELAY_SECONDS',
  rate_usdttrx_min:
    'lowest USDTTRX rate an admin may set, TRX per USDT; a lower bound waits FOUR_EYES_DELAY_SECONDS',
  rate_usdttrx_max:
    'highest USDTTRX rate an admin may set, TRX per USDT; a higher bound waits FOUR_EYES_DELAY_SECONDS',
}

/**
 * How a setting's value reads: a switch, a USDT amount, seconds, a percent, a channel (or none), email domains, an
 * exchange rate (units per USDT).
 */
export type SettingKind = 'switch' | 'usdt' | 'seconds' | 'percent' | 'channel' | 'domains' | 'rate'
export const SETTING_KINDS: Record<SettingKey, SettingKind> = {
  order_open: 'switch',
  payment_open: 'switch',
  toman_payment_open: 'switch',
  min_payment_limit: 'usdt',
  max_payment_limit: 'usdt',
  channel_username: 'channel',
  validation_delay_seconds: 'seconds',
  invoice_delay_seconds: 'seconds',
  referral_share_percent: 'percent',
  new_user_can_referrer: 'switch',
  new_user_can_add_account: 'switch',
  new_user_can_register_account: 'switch',
  email_allowed_domains: 'domains',
  payout_approval_above: 'usdt',
  rate_step_percent: 'percent',
  rate_usdtirt_min: 'rate',
  rate_usdtirt_max: 'rate',
  rate_usdttrx_min: 'rate',
  rate_usdttrx_max: 'rate',
}

export const SettingKeySchema = z.enum(SETTING_KEYS, {
  error: `unknown setting; one of ${SETTING_KEYS.join(', ')}`,
})

/** What the API shows: booleans, USDT amounts and seconds as exact strings, the channel or null. */
const SettingValueSchema = z.union([z.boolean(), z.string(), z.null()])
export const SettingsSchema = z.record(z.string(), SettingValueSchema)
export const SettingParamsSchema = z.object({ key: SettingKeySchema })
/** What an operator may send; the server parses it per setting (true/'true', '10.5', 3600/'3600', ...). */
export const PutSettingBodySchema = z.object({
  // 1024: a list of email domains is the longest value (it was 64 before that setting).
  value: z.union([z.boolean(), z.string().check(z.maxLength(1024)), z.number(), z.null()]),
})
/**
 * A change that waits before it applies (docs/console.md, 'Four eyes'): a higher `payout_approval_above`, or 0, a
 * higher `rate_step_percent`, wider rate bounds, apply FOUR_EYES_DELAY_SECONDS after they were asked for; until then
 * the value in force stays.
 */
const PendingChangeSchema = z.object({
  value: SettingValueSchema,
  /** ISO 8601. */
  effectiveAt: z.string(),
  /** The operator's login, `bootstrap` for OPS_TOKEN. */
  requestedBy: z.string(),
})
/** A changed setting: the value in force, and the change that waits, when the change was one that must wait. */
export const SettingSchema = z.object({
  key: z.string(),
  value: SettingValueSchema,
  pending: z.optional(PendingChangeSchema),
})
/** `GET /ops/settings/pending`: every change that waits. */
export const PendingSettingSchema = z.extend(PendingChangeSchema, { key: SettingKeySchema })
export const PendingSettingsSchema = z.array(PendingSettingSchema)
export type PendingSetting = z.infer<typeof PendingSettingSchema>

/**
 * A setting that does not work as configured, in words for operators (`GET /ops/settings/problems`, shown by
 * `ops settings show`): today the channel, when the bot is not its administrator or cannot read it.
 */
export const SettingProblemSchema = z.object({ key: SettingKeySchema, problem: z.string() })
export const SettingProblemsSchema = z.array(SettingProblemSchema)
export type SettingProblem = z.infer<typeof SettingProblemSchema>
