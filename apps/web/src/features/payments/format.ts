import { formatUsdt } from '../../lib/format.ts'

const RATE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 })
const PERSIAN = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 6 })

/** An exchange rate as operators set it (up to 6 decimals), grouped: 98,500 or 3.2145. */
export function formatRate(rate: number): string {
  return RATE.format(rate)
}

/** A rate in Persian digits and grouping, for the toman form: ۹۸٬۵۰۰. */
export function formatRatePersian(rate: number): string {
  return PERSIAN.format(rate)
}

/** What a non-USDT payout is worth in USDT: net divided by the rate, 2 decimals (spec section 9). */
export function usdtEquivalent(net: number, rate: number): string {
  return formatUsdt(net / rate)
}
