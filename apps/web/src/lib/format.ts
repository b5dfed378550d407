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
