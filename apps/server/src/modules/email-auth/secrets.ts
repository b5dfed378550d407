/**
 * Email codes (5 digits, HMAC-SHA256 under a key derived from the auth secret, compared in constant time) and the
 * one form of an email. Passwords are hashed by `lib/crypto.ts`.
 */
import { createHmac, type KeyObject, randomInt, timingSafeEqual } from 'node:crypto'
import type { EmailCodePurpose } from '#db/schema.ts'

/** 5 digits from the CSPRNG, uniform over 00000..99999. */
export function generateCode(): string {
  return String(randomInt(0, 100_000)).padStart(5, '0')
}

/** Bound to the identity and the purpose: a verification code never works as a reset code. */
export function hashCode(
  key: KeyObject,
  purpose: EmailCodePurpose,
  identityId: number,
  code: string,
): string {
  return createHmac('sha256', key).update(`${purpose}:${identityId}:${code}`).digest('hex')
}

export function codeMatches(
  key: KeyObject,
  stored: string,
  purpose: EmailCodePurpose,
  identityId: number,
  code: string,
): boolean {
  const expected = Buffer.from(stored, 'hex')
  const actual = Buffer.from(hashCode(key, purpose, identityId, code), 'hex')
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/** Trimmed and lower case: the one form every lookup and every row uses. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1)
}
