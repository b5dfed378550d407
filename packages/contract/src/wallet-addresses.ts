/**
 * Where a transaction is paid to (docs/transactions.md): wallet addresses, TRON for TRX TRC20 and BSC for USDT BEP20,
 * Iranian card numbers and IBANs for toman. Pure checks that return false for anything invalid (never
 * throw), and the field schemas built on them, so the server and the mini-app's forms agree.
 *
 * No module-level work beyond constants: the package is `sideEffects: false` and the first screen must not
 * pull the hashing code in.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import * as z from 'zod/mini'
import { latinDigits } from './digits.ts'
import { V } from './messages.ts'

/** 'T' then 33 characters of the Bitcoin base58 alphabet (no 0, O, I, l). */
const TRON_TEXT = /^T[1-9A-HJ-NP-Za-km-z]{33}$/
const TRON_VERSION = 0x41
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const CARD_NUMBER = /^\d{16}$/
const IR_IBAN = /^IR\d{24}$/

/**
 * TRON base58check: 25 bytes, version 0x41, 20 address bytes, then the first 4 bytes of
 * sha256(sha256(version and address bytes)).
 */
export function isTronAddress(text: string): boolean {
  if (typeof text !== 'string' || !TRON_TEXT.test(text)) return false
  let bytes: Uint8Array
  try {
    bytes = base58.decode(text)
  } catch {
    return false
  }
  if (bytes.length !== 25 || bytes[0] !== TRON_VERSION) return false
  const checksum = sha256(sha256(bytes.subarray(0, 21)))
  return checksum.subarray(0, 4).every((byte, i) => byte === bytes[21 + i])
}

/**
 * A TRON address as the full node's HTTP API writes it (hex, `41` then 20 bytes) in its base58check spelling,
 * the one users type; undefined when the text is no such address. The chain check reads transactions with it.
 */
export function tronAddressFromHex(hex: string): string | undefined {
  if (typeof hex !== 'string' || !/^41[0-9a-fA-F]{40}$/.test(hex)) return undefined
  const body = new Uint8Array(21)
  for (let i = 0; i < 21; i++) body[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  const checksum = sha256(sha256(body)).subarray(0, 4)
  const whole = new Uint8Array(25)
  whole.set(body)
  whole.set(checksum, 21)
  return base58.encode(whole)
}

/** The hex spelling (`41` and 40 hex digits, lower case) of a valid base58check TRON address; undefined otherwise. */
export function tronAddressToHex(address: string): string | undefined {
  if (!isTronAddress(address)) return undefined
  return Array.from(base58.decode(address).subarray(0, 21), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
}

/** The EIP-55 spelling of a lower-case 40-hex-digit address (without 0x). */
function eip55(lowerHex: string): string {
  const hash = keccak_256(utf8ToBytes(lowerHex))
  let spelled = ''
  for (let i = 0; i < lowerHex.length; i++) {
    const byte = hash[i >> 1] ?? 0
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f
    const char = lowerHex.charAt(i)
    spelled += nibble >= 8 ? char.toUpperCase() : char
  }
  return spelled
}

/**
 * BSC (EVM) address: 0x and 40 hex digits. All lower or all upper case carries no checksum and is accepted;
 * mixed case must be the EIP-55 checksum spelling.
 */
export function isBscAddress(text: string): boolean {
  if (typeof text !== 'string' || !HEX_ADDRESS.test(text)) return false
  const hex = text.slice(2)
  const lower = hex.toLowerCase()
  if (hex === lower || hex === hex.toUpperCase()) return true
  return hex === eip55(lower)
}

/** Luhn: from the right, double every second digit (minus 9 above 9); the sum is a multiple of 10. */
function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** An Iranian bank card number: exactly 16 ASCII digits passing Luhn. */
export function isIranianCardNumber(text: string): boolean {
  return typeof text === 'string' && CARD_NUMBER.test(text) && passesLuhn(text)
}

/**
 * ISO 13616 / ISO 7064 MOD 97-10: the first 4 characters moved to the end, letters as numbers
 * (A = 10 ... Z = 35), the whole number mod 97, computed digit by digit so it never leaves small integers.
 */
function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let rest = 0
  for (const char of rearranged) {
    const code = char.charCodeAt(0)
    rest = code >= 65 ? (rest * 100 + (code - 55)) % 97 : (rest * 10 + (code - 48)) % 97
  }
  return rest
}

/**
 * An Iranian IBAN: 'IR', 2 check digits, 22 digits, and the ISO 13616 check (mod 97 is 1). The check
 * digits are 02 to 98 as the algorithm computes them; 00, 01 and 99 never are, though some pass mod 97.
 */
export function isIranianIban(text: string): boolean {
  if (typeof text !== 'string' || !IR_IBAN.test(text)) return false
  const checkDigits = Number(text.slice(2, 4))
  return checkDigits >= 2 && checkDigits <= 98 && ibanMod97(text) === 1
}

/*
 * Field schemas, the same on the server (request bodies) and in the forms. Messages are i18n keys (V).
 * A blank wallet address is only 'required' (the check after it does not run).
 */
export const TronAddressSchema = z
  .string({ error: V.walletRequired })
  .check(
    latinDigits(),
    z.trim(),
    z.minLength(1, { error: V.walletRequired, abort: true }),
    z.maxLength(128, { error: V.trxAddressInvalid, abort: true }),
    z.refine(isTronAddress, { error: V.trxAddressInvalid }),
  )

export const BscAddressSchema = z
  .string({ error: V.walletRequired })
  .check(
    latinDigits(),
    z.trim(),
    z.minLength(1, { error: V.walletRequired, abort: true }),
    z.maxLength(128, { error: V.bscAddressInvalid, abort: true }),
    z.refine(isBscAddress, { error: V.bscAddressInvalid }),
  )

/** 16 digits, nothing else (no spaces or dashes): the form sends the digits only. */
export const CardNumberSchema = z
  .string({ error: V.cardInvalid })
  .check(
    latinDigits(),
    z.regex(CARD_NUMBER, { error: V.cardInvalid, abort: true }),
    z.refine(isIranianCardNumber, { error: V.cardInvalid }),
  )

/** With the IR prefix (the toman form adds it to what the user typed). */
export const IbanSchema = z
  .string({ error: V.ibanInvalid })
  .check(
    latinDigits(),
    z.regex(IR_IBAN, { error: V.ibanInvalid, abort: true }),
    z.refine(isIranianIban, { error: V.ibanInvalid }),
  )
