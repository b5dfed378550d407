import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  BankCardCreateSchema,
  BscAddressSchema,
  CardNumberSchema,
  IbanSchema,
  isBscAddress,
  isIranianCardNumber,
  isIranianIban,
  isTronAddress,
  RequestPaymentBodySchema,
  RequestPaymentCryptoBodySchema,
  TronAddressSchema,
  tronAddressFromHex,
  tronAddressToHex,
  V,
} from '../src/index.ts'

/*
 * Vectors, each checked outside this code base (python3: hashlib, a Keccak-256 written from the spec and
 * checked against keccak256('') and keccak256('abc'), big-integer base58 and mod 97):
 * - TRON: the USDT TRC20 contract; the TRON documentation's example pair 41 8840e6...d808 <->
 *   TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL; the all-zero address 41 00...00 (the well-known 'black hole').
 * - EIP-55: the four test vectors of the EIP (ethereum/EIPs, EIPS/eip-55.md).
 * - Cards: 15 chosen digits and the Luhn check digit, confirmed with the left-to-right 2,1,2,1 weighting.
 * - IBANs: 22 chosen BBAN digits, check digits 98 - (BBAN + 'IR00' as digits) mod 97 with big integers,
 *   confirmed with the EPC 9-digit-chunk method; plus the example IR IBAN of the public IBAN references.
 */
const TRON = [
  'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
  'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
]
const EIP55 = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
]
const CARDS = ['6037991234567893', '6274120000123457', '5892101111222234']
const IBANS = ['IR050170000000123456789012', 'IR200120000000004321876543', 'IR062960000000100324200001']

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const DIGITS = '0123456789'

/** `text` with the character at `index` replaced. */
const replaceAt = (text: string, index: number, char: string) =>
  text.slice(0, index) + char + text.slice(index + 1)
/** Every string that differs from `text` in exactly one of the positions from `from`, over `alphabet`. */
function substitutions(text: string, alphabet: string, from = 0): string[] {
  const out: string[] = []
  for (let i = from; i < text.length; i++) {
    for (const char of alphabet) if (char !== text[i]) out.push(replaceAt(text, i, char))
  }
  return out
}

/*
 * Test-side base58check, independent of the code under test (node:crypto, BigInt), to build random valid
 * TRON addresses and to tell whether a mutated string happens to be one.
 */
const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest())
function base58Encode(bytes: Uint8Array): string {
  let n = bytes.reduce((acc, byte) => acc * 256n + BigInt(byte), 0n)
  let out = ''
  while (n > 0n) {
    out = BASE58.charAt(Number(n % 58n)) + out
    n /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    out = `1${out}`
  }
  return out
}
/** Base58check of a version byte and 20 bytes (TRON uses version 0x41). */
function base58check(version: number, payload20: Uint8Array): string {
  const body = Uint8Array.of(version, ...payload20)
  const check = sha256(sha256(body)).subarray(0, 4)
  return base58Encode(Uint8Array.of(...body, ...check))
}
function oracleIsTron(text: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return false
  let n = 0n
  for (const char of text) n = n * 58n + BigInt(BASE58.indexOf(char))
  const hex = n.toString(16).padStart(50, '0')
  if (hex.length !== 50 || !hex.startsWith('41')) return false
  const bytes = Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
  const check = sha256(sha256(bytes.subarray(0, 21))).subarray(0, 4)
  return check.every((byte, i) => byte === bytes[21 + i])
}

/** Luhn check digit by the left-to-right 2,1,2,... weighting for a 16-digit number (test-side). */
function withLuhnDigit(first15: string): string {
  let sum = 0
  for (let i = 0; i < 15; i++) {
    const product = Number(first15[i]) * (i % 2 === 0 ? 2 : 1)
    sum += product > 9 ? product - 9 : product
  }
  return first15 + String((10 - (sum % 10)) % 10)
}
/** IR check digits with BigInt over the whole rearranged number (test-side). */
function irIban(bban22: string): string {
  const rest = BigInt(`${bban22}182700`) % 97n // 'IR' = 18 27, check digits 00
  return `IR${String(98n - rest).padStart(2, '0')}${bban22}`
}

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []

describe('isTronAddress', () => {
  it('accepts real TRON addresses', () => {
    for (const address of TRON) expect(isTronAddress(address), address).toBe(true)
  })

  it('refuses wrong lengths, prefixes, alphabets and blanks', () => {
    const [usdt = ''] = TRON
    for (const text of [
      '',
      ' ',
      `${usdt} `,
      ` ${usdt}`,
      usdt.slice(0, -1),
      `${usdt}1`,
      `A${usdt.slice(1)}`,
      `t${usdt.slice(1)}`,
      replaceAt(usdt, 5, '0'), // not in base58
      replaceAt(usdt, 5, 'l'),
      '41a614f803b6fd780986a42c78ec9c7f77e6ded13c', // the same address in hex
      '1111111111111111111111111111111111',
    ]) {
      expect(isTronAddress(text), JSON.stringify(text)).toBe(false)
    }
  })

  it('refuses a valid base58check string with another version byte', () => {
    // A Bitcoin P2PKH address: base58check, 25 bytes, version 0x00.
    expect(isTronAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false)
    // 'T' and 33 characters decode to versions 0x40 to 0x43: the version byte is checked, not implied.
    const others = [
      ['T9yD14Nj9j7xAB4dbGeiX9h8unkKB9nv2z', 0x40, 0xff],
      ['TZJozAg1ruapycCicgz31GxvYJ1G1qELV7', 0x42, 0x00],
      ['TxeQyGyJa63ho3Loe7KMVQEiAoGCjsUGkb', 0x43, 0x00],
    ] as const
    for (const [text, version, fill] of others) {
      expect(base58check(version, new Uint8Array(20).fill(fill))).toBe(text)
      expect(isTronAddress(text), text).toBe(false)
    }
  })

  it('refuses every single-character substitution of the real addresses', () => {
    // Deterministic and exhaustive: 34 positions x 57 other characters each (the first fails as not 'T').
    for (const address of TRON) {
      for (const mutated of substitutions(address, BASE58))
        expect(isTronAddress(mutated), mutated).toBe(false)
    }
  })

  it('accepts random valid addresses and refuses any single substitution of them', () => {
    /*
     * A substitution in the last characters only touches the checksum bytes, so it always fails; one that
     * changes the 21 payload bytes fails unless the new payload's 4-byte checksum happens to match, a
     * 2^-32 chance, not an impossibility. Such a string IS a valid address, so it is filtered out by the
     * test-side base58check above (independent code), not assumed away.
     */
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        fc.nat(33),
        fc.constantFrom(...BASE58),
        (payload, index, char) => {
          const address = base58check(0x41, payload)
          expect(address).toMatch(/^T.{33}$/)
          expect(isTronAddress(address)).toBe(true)
          fc.pre(address[index] !== char)
          const mutated = replaceAt(address, index, char)
          fc.pre(!oracleIsTron(mutated))
          expect(isTronAddress(mutated)).toBe(false)
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('isBscAddress', () => {
  it('accepts the EIP-55 vectors and their all-lower and all-upper spellings', () => {
    for (const address of EIP55) {
      expect(isBscAddress(address), address).toBe(true)
      expect(isBscAddress(`0x${address.slice(2).toLowerCase()}`)).toBe(true)
      expect(isBscAddress(`0x${address.slice(2).toUpperCase()}`)).toBe(true)
    }
    expect(isBscAddress('0x0000000000000000000000000000000000000000')).toBe(true)
  })

  it('refuses mixed case that is not the checksum', () => {
    // The EIP's first vector ends in 'Aed'; with a capital D the checksum fails.
    expect(isBscAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false)
    // Any single letter with its case flipped fails (unless that makes the whole address one case).
    for (const address of EIP55) {
      for (let i = 2; i < address.length; i++) {
        const char = address.charAt(i)
        if (!/[a-fA-F]/.test(char)) continue
        const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase()
        const hex = replaceAt(address, i, flipped).slice(2)
        if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) continue
        expect(isBscAddress(`0x${hex}`), `0x${hex}`).toBe(false)
      }
    }
  })

  it('refuses wrong lengths, prefixes, non-hex characters and blanks', () => {
    const [first = ''] = EIP55
    for (const text of [
      '',
      ' ',
      '0x',
      `${first} `,
      ` ${first}`,
      first.slice(0, -1),
      `${first}a`,
      first.slice(2), // no 0x
      `0X${first.slice(2)}`,
      `00${first.slice(2)}`,
      replaceAt(first.toLowerCase(), 10, 'g'),
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    ]) {
      expect(isBscAddress(text), JSON.stringify(text)).toBe(false)
    }
  })
})

describe('isIranianCardNumber', () => {
  it('accepts Luhn-valid 16-digit numbers', () => {
    for (const card of CARDS) expect(isIranianCardNumber(card), card).toBe(true)
  })

  it('refuses a changed digit, wrong lengths, non-digits and blanks', () => {
    const [card = ''] = CARDS
    for (const text of [
      '',
      ' ',
      '6037991234567891', // the last digit changed
      replaceAt(card, 3, '8'),
      card.slice(0, -1),
      `${card}0`,
      `${card.slice(0, 4)} ${card.slice(4, 8)} ${card.slice(8, 12)} ${card.slice(12)}`,
      `${card.slice(0, 4)}-${card.slice(4)}`,
      ` ${card}`,
      `${card}\n`,
      '۶۰۳۷۹۹۱۲۳۴۵۶۷۸۹۳', // Persian digits: the form sends ASCII digits
      '000000000000000a',
      '603799123456789x',
      '4111111111111111111', // Luhn-valid, 19 digits
      '79927398713', // the classic Luhn example, 11 digits
    ]) {
      expect(isIranianCardNumber(text), JSON.stringify(text)).toBe(false)
    }
  })

  it('catches every single-digit change of a valid number', () => {
    // Luhn detects all single-digit errors: a digit is kept or doubled (digit sum), both one-to-one on 0-9.
    for (const card of CARDS) {
      for (const mutated of substitutions(card, DIGITS))
        expect(isIranianCardNumber(mutated), mutated).toBe(false)
    }
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...DIGITS), minLength: 15, maxLength: 15 }),
        fc.nat(15),
        fc.integer({ min: 1, max: 9 }),
        (first15, index, shift) => {
          const card = withLuhnDigit(first15)
          expect(isIranianCardNumber(card)).toBe(true)
          const digit = String((Number(card[index]) + shift) % 10)
          expect(isIranianCardNumber(replaceAt(card, index, digit))).toBe(false)
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('isIranianIban', () => {
  it('accepts valid IR IBANs', () => {
    for (const iban of IBANS) expect(isIranianIban(iban), iban).toBe(true)
  })

  it('refuses a changed digit, wrong lengths, prefixes, non-digits and blanks', () => {
    const [iban = ''] = IBANS
    for (const text of [
      '',
      ' ',
      'IR',
      replaceAt(iban, 10, '9'),
      replaceAt(iban, 3, '6'), // check digits
      iban.slice(2), // without IR (the form adds it)
      iban.toLowerCase(),
      `DE${iban.slice(2)}`,
      iban.slice(0, -1),
      `${iban}0`,
      `${iban.slice(0, 4)} ${iban.slice(4)}`,
      ` ${iban}`,
      replaceAt(iban, 12, 'A'),
      'DE89370400440532013000', // a valid German IBAN
    ]) {
      expect(isIranianIban(text), JSON.stringify(text)).toBe(false)
    }
  })

  it('refuses check digits 00, 01 and 99 even where mod 97 is 1', () => {
    // Check digits 97 and 98 have aliases 00 and 01 (and 02 has 99) with the same remainder.
    expect(isIranianIban('IR970170000000123456789005')).toBe(true)
    expect(isIranianIban('IR000170000000123456789005')).toBe(false)
    expect(isIranianIban('IR020170000000123456789066')).toBe(true)
    expect(isIranianIban('IR990170000000123456789066')).toBe(false)
  })

  it('catches every single-digit change of a valid IBAN', () => {
    // 97 is prime and no power of 10 is a multiple of it, so a change of one digit changes the remainder.
    for (const iban of IBANS) {
      for (const mutated of substitutions(iban, DIGITS, 2))
        expect(isIranianIban(mutated), mutated).toBe(false)
    }
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...DIGITS), minLength: 22, maxLength: 22 }),
        fc.integer({ min: 2, max: 25 }),
        fc.integer({ min: 1, max: 9 }),
        (bban, index, shift) => {
          const iban = irIban(bban)
          expect(isIranianIban(iban)).toBe(true)
          const digit = String((Number(iban[index]) + shift) % 10)
          expect(isIranianIban(replaceAt(iban, index, digit))).toBe(false)
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('the functions never throw', () => {
  it('answers false for anything that is not a valid string', () => {
    const checks = [isTronAddress, isBscAddress, isIranianCardNumber, isIranianIban]
    fc.assert(
      fc.property(fc.anything(), (value) => {
        for (const check of checks) {
          const result = (check as (input: unknown) => boolean)(value)
          if (typeof value !== 'string') expect(result).toBe(false)
        }
      }),
    )
  })
})

describe('field schemas and request bodies', () => {
  const [tron = ''] = TRON
  const [bsc = ''] = EIP55
  const [card = ''] = CARDS
  const [iban = ''] = IBANS

  it('trims a TRON address, needs one, and checks it', () => {
    expect(TronAddressSchema.parse(`  ${tron}\n`)).toBe(tron)
    expect(messages(TronAddressSchema.safeParse(''))).toEqual([`: ${V.walletRequired}`])
    expect(messages(TronAddressSchema.safeParse('   '))).toEqual([`: ${V.walletRequired}`])
    expect(messages(TronAddressSchema.safeParse(undefined))).toEqual([`: ${V.walletRequired}`])
    expect(messages(TronAddressSchema.safeParse(replaceAt(tron, 20, 'x')))).toEqual([
      `: ${V.trxAddressInvalid}`,
    ])
    expect(messages(TronAddressSchema.safeParse('T'.repeat(200)))).toEqual([`: ${V.trxAddressInvalid}`])
    expect(messages(TronAddressSchema.safeParse(bsc))).toEqual([`: ${V.trxAddressInvalid}`])
  })

  it('trims a BSC address, needs one, and checks it', () => {
    expect(BscAddressSchema.parse(` ${bsc} `)).toBe(bsc)
    expect(messages(BscAddressSchema.safeParse(''))).toEqual([`: ${V.walletRequired}`])
    expect(messages(BscAddressSchema.safeParse(null))).toEqual([`: ${V.walletRequired}`])
    expect(messages(BscAddressSchema.safeParse(bsc.replace('Aed', 'AeD')))).toEqual([
      `: ${V.bscAddressInvalid}`,
    ])
    expect(messages(BscAddressSchema.safeParse(tron))).toEqual([`: ${V.bscAddressInvalid}`])
  })

  it('checks card numbers and IBANs with one message each', () => {
    expect(CardNumberSchema.parse(card)).toBe(card)
    for (const bad of ['', '6037991234567891', `${card} `, '603799123456789', 42]) {
      expect(messages(CardNumberSchema.safeParse(bad)), String(bad)).toEqual([`: ${V.cardInvalid}`])
    }
    expect(IbanSchema.parse(iban)).toBe(iban)
    for (const bad of ['', iban.slice(2), replaceAt(iban, 10, '9'), 'IR000170000000123456789005', null]) {
      expect(messages(IbanSchema.safeParse(bad)), String(bad)).toEqual([`: ${V.ibanInvalid}`])
    }
  })

  it('validates the TRX payment request body', () => {
    expect(RequestPaymentBodySchema.parse({ receiverAddress: ` ${tron}`, currency: 'trx' })).toEqual({
      receiverAddress: tron,
      currency: 'trx',
    })
    expect(messages(RequestPaymentBodySchema.safeParse({ receiverAddress: '', currency: 'trx' }))).toEqual([
      `receiverAddress: ${V.walletRequired}`,
    ])
    expect(messages(RequestPaymentBodySchema.safeParse({ currency: 'trx' }))).toEqual([
      `receiverAddress: ${V.walletRequired}`,
    ])
    expect(
      messages(RequestPaymentBodySchema.safeParse({ receiverAddress: tron.slice(0, -1), currency: 'trx' })),
    ).toEqual([`receiverAddress: ${V.trxAddressInvalid}`])
  })

  it('validates the USDT BEP20 payment request body', () => {
    const body = { receiverAddress: bsc, network: 'BSC', token: 'USDT' }
    expect(RequestPaymentCryptoBodySchema.parse(body)).toEqual(body)
    expect(messages(RequestPaymentCryptoBodySchema.safeParse({ ...body, receiverAddress: ' ' }))).toEqual([
      `receiverAddress: ${V.walletRequired}`,
    ])
    expect(
      messages(
        RequestPaymentCryptoBodySchema.safeParse({ ...body, receiverAddress: `${bsc.slice(0, -1)}D` }),
      ),
    ).toEqual([`receiverAddress: ${V.bscAddressInvalid}`])
    expect(messages(RequestPaymentCryptoBodySchema.safeParse({ ...body, receiverAddress: tron }))).toEqual([
      `receiverAddress: ${V.bscAddressInvalid}`,
    ])
  })

  it('validates a bank card, naming each bad field', () => {
    const good = { name: 'Ali', family: 'Rezaei', number: card, iban }
    expect(BankCardCreateSchema.parse(good)).toEqual(good)
    expect(messages(BankCardCreateSchema.safeParse({ ...good, number: replaceAt(card, 0, '5') }))).toEqual([
      `number: ${V.cardInvalid}`,
    ])
    expect(messages(BankCardCreateSchema.safeParse({ ...good, iban: replaceAt(iban, 25, '0') }))).toEqual([
      `iban: ${V.ibanInvalid}`,
    ])
    expect(messages(BankCardCreateSchema.safeParse({ ...good, number: '', iban: '' }))).toEqual([
      `number: ${V.cardInvalid}`,
      `iban: ${V.ibanInvalid}`,
    ])
    // An empty holder's name is a missing field, not a bad card number (issue 38).
    expect(messages(BankCardCreateSchema.safeParse({ ...good, name: ' ', family: '' }))).toEqual([
      `name: ${V.nameRequired}`,
      `family: ${V.familyRequired}`,
    ])
  })
})

describe('TRON hex and base58check', () => {
  // The USDT TRC20 contract, as TronScan shows it in both spellings.
  const base58 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
  const hex = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c'

  it('turns the full node hex spelling into the address users type, and back', () => {
    expect(tronAddressFromHex(hex)).toBe(base58)
    expect(tronAddressFromHex(hex.toUpperCase())).toBe(base58)
    expect(tronAddressToHex(base58)).toBe(hex)
  })

  it('answers undefined for what is no address', () => {
    expect(tronAddressFromHex('a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBeUndefined()
    expect(tronAddressFromHex(`42${hex.slice(2)}`)).toBeUndefined()
    expect(tronAddressFromHex('41zz')).toBeUndefined()
    expect(tronAddressToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBeUndefined()
  })
})
