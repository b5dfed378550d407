/**
 * The phone screens' countries and example numbers, from libphonenumber-js's `min` metadata (the wizard's lazy
 * chunk only). The server parses what is typed (with the `max` metadata, which knows valid ranges); this only
 * names the countries and shows how their numbers are written.
 */
import { getCountries, getCountryCallingCode, getExampleNumber } from 'libphonenumber-js/min'
import examples from 'libphonenumber-js/mobile/examples'

export type PhoneCountry = { code: string; name: string; callingCode: string }

const lists = new Map<string, PhoneCountry[]>()

/** Every country libphonenumber knows, named in the user's language, in that language's alphabetical order. */
export function phoneCountries(language: string): PhoneCountry[] {
  let list = lists.get(language)
  if (!list) {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' })
    const collator = new Intl.Collator(language)
    list = getCountries()
      .map((code) => ({ code, name: names.of(code) ?? code, callingCode: getCountryCallingCode(code) }))
      .sort((a, b) => collator.compare(a.name, b.name))
    lists.set(language, list)
  }
  return list
}

/** No country picked: a number must carry its code, shown on a number of no country in particular. */
const INTERNATIONAL_EXAMPLE = '+44 7400 123456'

/**
 * How a number of the country is written: '0912 345 6789' and '+98 912 345 6789' (its example mobile number);
 * without a country, only the international form.
 */
export function phoneExample(country: string | null): { national?: string; international: string } {
  const known = country === null ? undefined : getCountries().find((code) => code === country)
  const example = known && getExampleNumber(known, examples)
  if (!example) return { international: INTERNATIONAL_EXAMPLE }
  return { national: example.formatNational(), international: example.formatInternational() }
}
