/**
 * The one digit rule for the numbers people read and copy, shared by the mini-app and the operator console (docs/web.md,
 * 'Numbers'): Latin digits, the whole part grouped by commas ('1,182,000'), never Persian digits, so one amount reads
 * the same on every screen and pastes into any bank or wallet form. Toman is whole.
 *
 * Plain string work, no Intl: a decimal string from the server is formatted exactly (no float on the way), and the
 * answer is the same in every webview.
 */

/** '1182000' -> '1,182,000'; the digits of a whole part, with an optional leading minus. */
function groupWhole(whole: string): string {
  const sign = whole.startsWith('-') ? '-' : ''
  const digits = sign ? whole.slice(1) : whole
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

const DECIMAL = /^-?\d+(?:\.\d+)?$/

/**
 * A decimal by the digit rule, with at least `minFraction` decimals (padded) and, for a number, at most `maxFraction`
 * (rounded, trailing zeros dropped). A decimal string keeps every decimal it has: money the server wrote exactly is
 * never cut. Anything that is not a decimal comes back as it is.
 */
export function formatDecimal(value: number | string, minFraction = 0, maxFraction = 6): string {
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? value.toFixed(maxFraction)
        : String(value)
      : value.trim()
  if (!DECIMAL.test(text)) return text
  const [whole = '0', rawFraction = ''] = text.split('.')
  const kept = typeof value === 'number' ? rawFraction.replace(/0+$/, '') : rawFraction
  const fraction = kept.padEnd(minFraction, '0')
  const signless = whole === '-0' && /^0*$/.test(fraction) ? '0' : whole
  return fraction === '' ? groupWhole(signless) : `${groupWhole(signless)}.${fraction}`
}

/** A toman amount: whole (a number is rounded down, as the payout is), grouped: '1,182,000'. */
export function formatToman(value: number | string): string {
  if (typeof value === 'number') return formatDecimal(Math.floor(value), 0, 0)
  return formatDecimal(value.trim().split('.')[0] ?? value, 0, 0)
}

/** A USDT amount: 2 decimals (rounded as toFixed), grouped: '1,234.56'. */
export function formatUsdt(value: number): string {
  return formatDecimal(value, 2, 2)
}
