/**
 * Operator settings: their defaults, and how each is validated, stored and shown. The keys and what each
 * means are the contract's (`@app/contract/ops`), shared with the CLI and the console.
 *
 * Money: the payment limits are USDT kept as integer minor units (6 decimals, bigint in code).
 * In the jsonb column they are stored as a string of minor units ("10000000" = 10 USDT), because
 * JSON numbers would round-trip through floats. Operators enter and read them as decimal strings.
 */
import { SETTING_KEYS, type SettingKey } from '@app/contract/ops'
import { formatUsdt, parseUsdt } from '#lib/money.ts'

export { SETTING_KEYS, type SettingKey }

/** Every key of the contract, with its type in code. */
export type SettingsValues = {
  order_open: boolean
  payment_open: boolean
  toman_payment_open: boolean
  min_payment_limit: bigint
  max_payment_limit: bigint
  channel_username: string | null
  validation_delay_seconds: number
  invoice_delay_seconds: number
  /** Hundredths of a percent (1050 = 10.5 %): integer arithmetic for money. */
  referral_share_percent: number
  new_user_can_referrer: boolean
  new_user_can_add_account: boolean
  new_user_can_register_account: boolean
  /** Lower-case domains an email registration may use; empty means any (docs/email-auth.md). */
  email_allowed_domains: string[]
  /**
   * USDT minor units; payouts above need a second operator's approval (docs/console.md). 0: none do. A guarded
   * setting: a higher value waits in `pending_settings`, so decisions read it with `readSettingsAt`.
   */
  payout_approval_above: bigint
  /** Hundredths of a percent: a rate change beyond it from the rate in force needs a second admin (guarded). */
  rate_step_percent: number
  /** Each pair's bounds, micro-units like rates (docs/transactions.md, 'Exchange rates'); guarded. */
  rate_usdtirt_min: bigint
  rate_usdtirt_max: bigint
  rate_usdttrx_min: bigint
  rate_usdttrx_max: bigint
}

type Definition<T> = {
  default: T
  /** Operator input -> value, or an error message. */
  parse(input: unknown): { ok: true; value: T } | { ok: false; message: string }
  toStored(value: T): unknown
  fromStored(stored: unknown): T | undefined
  /** What the operator API shows: JSON-friendly, exact. */
  toDisplay(value: T): boolean | string | null
  /**
   * A setting that guards money (four eyes): every change is told to the operators' chat, and one that weakens the
   * guard waits FOUR_EYES_DELAY_SECONDS before it applies (docs/console.md, 'Four eyes').
   */
  guard?: { weakens(current: T, next: T): boolean }
}

const booleanSetting = (fallback: boolean): Definition<boolean> => ({
  default: fallback,
  parse: (input) =>
    typeof input === 'boolean'
      ? { ok: true, value: input }
      : input === 'true' || input === 'false'
        ? { ok: true, value: input === 'true' }
        : { ok: false, message: 'must be true or false' },
  toStored: (value) => value,
  fromStored: (stored) => (typeof stored === 'boolean' ? stored : undefined),
  toDisplay: (value) => value,
})

const usdtSetting = (fallback: bigint): Definition<bigint> => ({
  default: fallback,
  parse: (input) => {
    const minor =
      typeof input === 'string' || (typeof input === 'number' && Number.isFinite(input))
        ? parseUsdt(String(input))
        : undefined
    return minor === undefined
      ? { ok: false, message: 'must be a non-negative USDT amount with at most 6 decimals' }
      : { ok: true, value: minor }
  },
  toStored: (value) => value.toString(),
  fromStored: (stored) => (typeof stored === 'string' && /^\d+$/.test(stored) ? BigInt(stored) : undefined),
  toDisplay: (value) => formatUsdt(value),
})

const CHANNEL = /^[A-Za-z][A-Za-z0-9_]{3,31}$/

const channelSetting: Definition<string | null> = {
  default: null,
  parse: (input) => {
    if (input === null || input === '' || input === 'null') return { ok: true, value: null }
    if (typeof input !== 'string') return { ok: false, message: 'must be a channel username or null' }
    const name = input.trim().replace(/^@/, '')
    return CHANNEL.test(name)
      ? { ok: true, value: name }
      : { ok: false, message: 'must be a Telegram username (5-32 letters, digits, _)' }
  },
  toStored: (value) => value,
  fromStored: (stored) => (stored === null || typeof stored === 'string' ? stored : undefined),
  toDisplay: (value) => value,
}

const secondsSetting = (fallback: number, max: number): Definition<number> => ({
  default: fallback,
  parse: (input) => {
    const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : ''
    const value = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN
    return Number.isInteger(value) && value <= max
      ? { ok: true, value }
      : { ok: false, message: `must be a whole number of seconds from 0 to ${max}` }
  },
  toStored: (value) => value,
  fromStored: (stored) =>
    typeof stored === 'number' && Number.isInteger(stored) && stored >= 0 ? stored : undefined,
  toDisplay: (value) => String(value),
})

const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?$/

/** A percent from 0 to 100 with at most 2 decimals, kept as hundredths of a percent (basis points). */
const percentSetting = (fallbackBasisPoints: number): Definition<number> => ({
  default: fallbackBasisPoints,
  parse: (input) => {
    const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : ''
    const match = PERCENT.exec(text)
    const basisPoints = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN
    return Number.isInteger(basisPoints) && basisPoints <= 10_000
      ? { ok: true, value: basisPoints }
      : { ok: false, message: 'must be a percent from 0 to 100 with at most 2 decimals' }
  },
  toStored: (value) => value,
  fromStored: (stored) =>
    typeof stored === 'number' && Number.isInteger(stored) && stored >= 0 && stored <= 10_000
      ? stored
      : undefined,
  toDisplay: (value) => formatBasisPoints(value),
})

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

/** Email domains: a comma- or space-separated list (or an array), lower-cased, deduplicated; '' or null for any. */
const domainListSetting: Definition<string[]> = {
  default: [],
  parse: (input) => {
    const items =
      input === null
        ? []
        : Array.isArray(input)
          ? input
          : typeof input === 'string'
            ? input.split(/[\s,]+/)
            : undefined
    if (items === undefined) return { ok: false, message: 'must be a comma-separated list of domains' }
    const domains: string[] = []
    for (const item of items) {
      if (typeof item !== 'string') return { ok: false, message: 'must be a comma-separated list of domains' }
      const domain = item.trim().toLowerCase().replace(/^@/, '')
      if (domain === '') continue
      if (!DOMAIN.test(domain)) return { ok: false, message: `not a domain: ${domain.slice(0, 64)}` }
      if (!domains.includes(domain)) domains.push(domain)
    }
    return { ok: true, value: domains }
  },
  toStored: (value) => value,
  fromStored: (stored) =>
    Array.isArray(stored) && stored.every((d) => typeof d === 'string') ? (stored as string[]) : undefined,
  toDisplay: (value) => value.join(','),
}

/** 1050 -> '10.5', 1000 -> '10', 5 -> '0.05'. */
export function formatBasisPoints(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100)
  const cents = basisPoints % 100
  return cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`
}

/** A lower bound is weaker lower; an upper bound higher (guard). */
const lowerBound = (fallback: bigint): Definition<bigint> => ({
  ...usdtSetting(fallback),
  guard: { weakens: (current, next) => next < current },
})
const upperBound = (fallback: bigint): Definition<bigint> => ({
  ...usdtSetting(fallback),
  guard: { weakens: (current, next) => next > current },
})

export const SETTINGS: { [K in SettingKey]: Definition<SettingsValues[K]> } = {
  order_open: booleanSetting(false),
  payment_open: booleanSetting(false),
  toman_payment_open: booleanSetting(false),
  min_payment_limit: usdtSetting(10_000_000n),
  max_payment_limit: usdtSetting(1_000_000_000n),
  channel_username: channelSetting,
  validation_delay_seconds: secondsSetting(3600, 30 * 24 * 3600),
  invoice_delay_seconds: secondsSetting(3600, 30 * 24 * 3600),
  referral_share_percent: percentSetting(1000),
  new_user_can_referrer: booleanSetting(true),
  new_user_can_add_account: booleanSetting(true),
  new_user_can_register_account: booleanSetting(true),
  email_allowed_domains: domainListSetting,
  payout_approval_above: {
    ...usdtSetting(0n),
    // Payouts above the amount need an approval: a higher amount, or 0 (none), asks for fewer approvals.
    guard: { weakens: (current, next) => current > 0n && (next === 0n || next > current) },
  },
  rate_step_percent: {
    ...percentSetting(2000),
    // A wider step lets a bigger change through without a second admin.
    guard: { weakens: (current, next) => next > current },
  },
  // Toman per USDT: ten times below or above the rate of 2025 (about 100,000).
  rate_usdtirt_min: lowerBound(10_000_000_000n),
  rate_usdtirt_max: upperBound(1_000_000_000_000n),
  // TRX per USDT: TRX from 1 USDT to 1 cent.
  rate_usdttrx_min: lowerBound(1_000_000n),
  rate_usdttrx_max: upperBound(100_000_000n),
}

/** Each pair's bounds as setting keys (docs/transactions.md, 'Exchange rates'). */
export const RATE_BOUNDS = {
  USDTIRT: { min: 'rate_usdtirt_min', max: 'rate_usdtirt_max' },
  USDTTRX: { min: 'rate_usdttrx_min', max: 'rate_usdttrx_max' },
} as const

/** Pairs of settings that must keep min <= max. */
export const MIN_MAX_PAIRS = [
  ['min_payment_limit', 'max_payment_limit'],
  ...Object.values(RATE_BOUNDS).map((bounds) => [bounds.min, bounds.max] as const),
] as const

/** The flags a new user starts with (operator settings `new_user_can_*`), whichever way they join. */
export function newUserFlags(values: SettingsValues) {
  return {
    canReferrer: values.new_user_can_referrer,
    canAddAccount: values.new_user_can_add_account,
    canRegisterAccount: values.new_user_can_register_account,
  }
}
