import { formatDecimal, formatToman, formatUsdt } from '@app/contract'

/** Unix seconds as MM/DD HH:mm in the device's time zone (spec section 3). */
export function formatTimestamp(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(date.getMonth() + 1)}/${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`
}

/** USDT with 2 decimals (spec section 9), grouped by the digit rule below: '1,234.56'. */
export { formatUsdt }

/**
 * The one digit rule (docs/web.md, "Numbers"): every number the app shows, in English and in Persian, is written
 * with Latin digits, grouped by commas ('98,500'), never with Persian digits ('۹۸٬۵۰۰'). The same amount then
 * reads the same on the form, the list and the transaction, and what a user copies pastes into any bank or
 * wallet app. Persian digits are accepted as input (features/payment-requests/digits.ts) but never shown. The rule is the
 * contract's (`amounts.ts`), so the operator console writes amounts as the app does.
 */

/** A number by the one digit rule: Latin digits, comma-grouped, up to 6 decimals (98,500 or 3.2145). */
export function formatNumber(value: number): string {
  return formatDecimal(value)
}

/** A payout amount in its currency (spec section 9): toman whole and grouped, trx and usdt 2 decimals. */
export function formatNet(amount: number, currency: 'trx' | 'usdt' | 'irt'): string {
  return currency === 'irt' ? formatToman(amount) : formatUsdt(amount)
}
