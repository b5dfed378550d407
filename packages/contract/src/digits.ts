import * as z from 'zod/mini'

/**
 * Persian (U+06F0-U+06F9) and Arabic-Indic (U+0660-U+0669) digits as Latin ones: Iranian keyboards type the
 * former, the rules below and the database hold the latter. Both ranges end in 0-9 in the low nibble.
 */
export function toLatinDigits(value: string): string {
  return value.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) & 0xf))
}

/**
 * The first check of every field a person types digits into (phone, codes, card, IBAN, addresses, search): the
 * value turns Latin before the checks after it run and before the server stores it, so '+۹۸۹۱۲…' and
 * '+98912…' are one input on the server and in the mini-app's forms alike (as `z.trim()` trims in place).
 */
export const latinDigits = () => z.overwrite(toLatinDigits)
