import { getCountries, parsePhoneNumberFromString } from 'libphonenumber-js/max'
import examples from 'libphonenumber-js/mobile/examples'
import { describe, expect, it } from 'vitest'
import { formatPhoneNumber, parsePhoneNumber } from '#lib/phone-number.ts'

describe('formatPhoneNumber', () => {
  it('formats every country as a full parse does, without parsing again', () => {
    let compared = 0
    for (const country of getCountries()) {
      const example = examples[country]
      if (example === undefined) continue
      // The example and numbers beside it: the last digits run through 0..9 in each of the last three places.
      for (let place = 1; place <= 3; place++)
        for (let digit = 0; digit <= 9; digit++) {
          const national = `${example.slice(0, -place)}${digit}${example.slice(example.length - place + 1)}`
          const parsed = parsePhoneNumberFromString(national, country)
          const stored = parsePhoneNumber(parsed?.number ?? '')
          if (stored === undefined) continue
          expect(formatPhoneNumber(stored.e164), stored.e164).toBe(stored.formatted)
          compared += 1
        }
    }
    expect(compared).toBeGreaterThan(4000)
  })

  it('formats the numbers the product shows most', () => {
    expect(formatPhoneNumber('+989120000001')).toBe('+98 912 000 0001')
    expect(formatPhoneNumber('+12015550101')).toBe('+1 201 555 0101')
  })

  it('gives back what is not an E.164 number as it is', () => {
    for (const text of ['', '+', '989120000001', '+98 912', 'abc']) expect(formatPhoneNumber(text)).toBe(text)
  })
})

describe('parsePhoneNumber', () => {
  it("reads a number as typed: '+' or '00' carry the country code, other numbers are the picked country's", () => {
    const cases: [string, string | null][] = [
      ['0912 000 0001', 'IR'],
      ['912-000-0001', 'IR'],
      ['98 912 000 0001', 'IR'],
      ['0098 912 000 0001', 'US'],
      ['+98 (912) 000 0001', 'GB'],
      ['989120000001', null],
    ]
    for (const [typed, country] of cases)
      expect(parsePhoneNumber(typed, country), `${typed} in ${country}`).toEqual({
        e164: '+989120000001',
        country: 'IR',
        formatted: '+98 912 000 0001',
      })
    expect(parsePhoneNumber('0912 000 0001', null)).toBeUndefined()
    expect(parsePhoneNumber('0912 000 0001', 'US')).toBeUndefined()
    // The spec's 6 to 16 digits, whatever the punctuation.
    expect(parsePhoneNumber('+98 912', 'IR')).toBeUndefined()
  })
})
