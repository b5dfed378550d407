import { toLatinDigits } from '@app/contract'
import { IBAN_PREFIX } from './payment-constants.ts'

/** What people paste around numbers: spaces (also no-break and zero-width), dashes, bidi marks. */
const SEPARATORS = /[\s\u00A0\u200B-\u200F\u202A-\u202E\u2066-\u2069-]/g

/** A card number as typed ('۶۰۳۷ ۹۹۷۵-...') reduced to its digits. */
export function cardNumberDigits(value: string): string {
  return toLatinDigits(value).replace(SEPARATORS, '')
}

/** The sheba the user typed, without separators and without an 'IR' they may have typed or pasted anyway. */
export function ibanDigits(value: string): string {
  const compact = toLatinDigits(value).replace(SEPARATORS, '').toUpperCase()
  return compact.startsWith(IBAN_PREFIX) ? compact.slice(IBAN_PREFIX.length) : compact
}

/** The IBAN as the API takes it: 'IR' and the 24 digits. */
export function ibanWithPrefix(value: string): string {
  return `${IBAN_PREFIX}${ibanDigits(value)}`
}

/** A saved IBAN ('IR' + digits) as the form holds it: the digits only. */
export function ibanForForm(iban: string): string {
  return ibanDigits(iban)
}

/** 16 digits in groups of four, for reading (the value itself stays ungrouped). */
export function groupCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ')
}
