import { formatNumber, formatUsdt } from '#lib/format.ts'

/**
 * An exchange rate as operators set it (up to 6 decimals), grouped: 98,500 or 3.2145. The toman form and the
 * transaction both use it, in either language (the digit rule in lib/format.ts).
 */
export function formatRate(rate: number): string {
  return formatNumber(rate)
}

/** What a non-USDT payout is worth in USDT: net divided by the rate, 2 decimals (spec section 9). */
export function usdtEquivalent(net: number, rate: number): string {
  return formatUsdt(net / rate)
}
