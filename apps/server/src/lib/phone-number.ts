/**
 * Phone numbers as the product shows them: country and international format come from
 * libphonenumber-js (the `max` metadata, which also knows which ranges are valid, not just their length).
 */
import { phoneDigits } from '@app/contract'
import {
  type CountryCode,
  isSupportedCountry,
  PhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max'

export type PhoneNumberInfo = {
  /** E.164: '+989120000001'. */
  e164: string
  /** ISO 3166-1 alpha-2: 'IR'. */
  country: string
  /** International format: '+98 912 000 0001'. */
  formatted: string
}

/** Whether libphonenumber knows the country (a picked country must be one). */
export const isPhoneCountry = (country: string): country is CountryCode => isSupportedCountry(country)

/** The country a user's numbers start in before they pick one: their language's (Persian: Iran). */
export function phoneCountryOf(user: { phoneCountry: string | null; languageCode: string | null }) {
  if (user.phoneCountry !== null) return user.phoneCountry
  return user.languageCode?.toLowerCase().startsWith('fa') ? 'IR' : null
}

/**
 * A number as people type it (the contract's `PhoneSchema` checked its shape) -> the number; undefined when it is
 * not a valid number. '+' or '00' in front: the country code follows (00 is the international prefix nearly
 * everywhere, and no national number starts with it). Otherwise a number of `country` ('0912…', '912…', and
 * '98912…', its own code in front, libphonenumber takes all three); with no country the digits carry their code.
 */
export function parsePhoneNumber(input: string, country?: string | null): PhoneNumberInfo | undefined {
  const text = input.trim()
  const digits = phoneDigits(text)
  if (digits.length < 6 || digits.length > 16) return undefined
  const international = text.startsWith('+') ? digits : text.startsWith('00') ? digits.slice(2) : undefined
  const parsed =
    international === undefined && country && isPhoneCountry(country)
      ? parsePhoneNumberFromString(digits, country)
      : parsePhoneNumberFromString(`+${international ?? digits}`)
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

/** Same-origin URL of the country's flag (served by modules/flags/routes.ts). */
export const flagUrl = (country: string) => `/flags/${country}.svg`

/** '+•••••••0001': a number as a message may show it, its last four digits only. */
export function maskPhoneNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  return `+${'•'.repeat(Math.max(digits.length - 4, 0))}${digits.slice(-4)}`
}
