/** Unix seconds as MM/DD HH:mm in the device's time zone (spec section 3). */
export function formatTimestamp(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(date.getMonth() + 1)}/${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`
}

/** USDT with 2 decimals (spec section 9). */
export function formatUsdt(amount: number): string {
  return amount.toFixed(2)
}

const TOMAN = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** A payout amount in its currency (spec section 9): toman whole and grouped, trx and usdt 2 decimals. */
export function formatPayout(amount: number, currency: 'trx' | 'usdt' | 'irt'): string {
  return currency === 'irt' ? TOMAN.format(Math.floor(amount)) : formatUsdt(amount)
}
