/**
 * Phone numbers as the product shows them: country and international format come from
 * libphonenumber-js (the `max` metadata, which also knows which ranges are valid, not just their length).
 */
import { PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max'

export type PhoneNumberInfo = {
  /** E.164: '+989120000001'. */
  e164: string
  /** ISO 3166-1 alpha-2: 'IR'. */
  country: string
  /** International format: '+98 912 000 0001'. */
  formatted: string
}

/** Accepts '+989120000001' or '989120000001' (the leading '+' is optional); undefined when not a valid number. */
export function parsePhoneNumber(input: string): PhoneNumberInfo | undefined {
  const digits = input.trim().replace(/^\+/, '')
  if (!/^\d{6,16}$/.test(digits)) return undefined
  const parsed = parsePhoneNumberFromString(`+${digits}`)
  if (!parsed?.isValid() || parsed.country === undefined) return undefined
  return { e164: parsed.number, country: parsed.country, formatted: parsed.formatInternational() }
}

/**
 * Formats a stored E.164 number (valid, as `parsePhoneNumber` keeps it); falls back to the number itself. Formats
 * depend on the calling code alone, so the number is not parsed again: parsing finds its country by trying each
 * country of the code (+1 has 25) against its ranges, several times the cost, and lists format 25 at a time.
 */
export function formatPhoneNumber(e164: string): string {
  try {
    return new PhoneNumber(e164).formatInternational()
  } catch {
    return e164
  }
}

/** Same-origin URL of the country's flag (served by routes/flags). */
export const flagUrl = (country: string) => `/flags/${country}.svg`

/** '+•••••••0001': a number as a message may show it, its last four digits only. */
export function maskPhoneNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  return `+${'•'.repeat(Math.max(digits.length - 4, 0))}${digits.slice(-4)}`
}
