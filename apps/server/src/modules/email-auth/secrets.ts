/**
 * Passwords (argon2id) and email codes (5 digits, HMAC-SHA256 under a key derived from the auth secret), with
 * constant-time comparisons. Nothing here logs or returns a secret.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { type Algorithm, hash, verify } from '@node-rs/argon2'
import type { EmailCodePurpose } from '../../db/schema.ts'

/**
 * OWASP's first argon2id choice: 19 MiB of memory, 2 passes, 1 lane (about 30 to 60 ms here). `2` is
 * `Algorithm.Argon2id` (a const enum the isolated-module build cannot import).
 */
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

/** False for a wrong password and for a hash that cannot be read alike. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let decoy: Promise<string> | undefined

/**
 * For an email nobody registered: the same argon2 work as a real check, so the answer's timing does not tell
 * whether the email exists. Always false.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(24).toString('base64url'))
  await verifyPassword(await decoy, password)
  return false
}

/** 5 digits from the CSPRNG, uniform over 00000..99999. */
export function generateCode(): string {
  return String(randomInt(0, 100_000)).padStart(5, '0')
}

/** Bound to the identity and the purpose: a verification code never works as a reset code. */
export function hashCode(key: Buffer, purpose: EmailCodePurpose, identityId: number, code: string): string {
  return createHmac('sha256', key).update(`${purpose}:${identityId}:${code}`).digest('hex')
}

export function codeMatches(
  key: Buffer,
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
