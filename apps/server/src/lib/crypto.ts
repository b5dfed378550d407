/**
 * The server's own cryptography, each written once: keys derived from a secret, values sealed at rest, and
 * password hashes. Nothing here logs or returns a secret.
 */
import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto'
import { type Algorithm, hash, verify } from '@node-rs/argon2'

/**
 * A 32-byte key for one use (HKDF-SHA256): keys of different `salt` or `info` reveal neither the secret nor each other.
 * Changing either changes the key, and what was sealed or hashed under the old one no longer opens. A KeyObject, not a
 * Buffer: on Node 24 an HMAC under a Buffer key costs several times more (docs/measurements/server.md).
 */
export function deriveKey(secret: string | Buffer, salt: string, info: string): KeyObject {
  return createSecretKey(Buffer.from(hkdfSync('sha256', secret, salt, info, 32)))
}

const SEALED_VERSION = 'v1'

/** AES-256-GCM: `v1.<base64url of iv(12) | tag(16) | ciphertext>`. */
export function seal(key: KeyObject, plaintext: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return `${SEALED_VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`
}

/** The plaintext, or undefined for anything not sealed with this key (tampered, another secret). */
export function unseal(key: KeyObject, sealed: string): string | undefined {
  const [version, data] = sealed.split('.')
  if (version !== SEALED_VERSION || data === undefined) return undefined
  const raw = Buffer.from(data, 'base64url')
  if (raw.length < 28) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
    decipher.setAuthTag(raw.subarray(12, 28))
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    return undefined
  }
}

/**
 * What a password hash costs. `owasp`: OWASP's first argon2id choice, 19 MiB of memory, 2 passes, 1 lane. `test`:
 * 1 MiB and 1 pass, some fifty times cheaper, for the test suites only (config.ts allows it with NODE_ENV=test), whose
 * sign-in limits take hundreds of logins. `2` is `Algorithm.Argon2id` (a const enum the isolated-module build cannot
 * import). A hash names its own cost, so verifying needs none.
 */
export type PasswordCost = 'owasp' | 'test'
const ARGON2_OPTIONS = {
  owasp: { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  test: { algorithm: 2 as Algorithm, memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const

export function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  return hash(password, ARGON2_OPTIONS[cost])
}

let verifications = 0

/** How many argon2 verifications this process has run: a login's work counted, not timed (the decoy's test). */
export function passwordVerifications(): number {
  return verifications
}

/** False for a wrong password and for a hash that cannot be read alike. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  verifications++
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

const decoys: Partial<Record<PasswordCost, Promise<string>>> = {}

/**
 * For a login or email nobody registered: the same argon2 work as a real check, so the answer's timing does not
 * tell whether it exists. Always false.
 */
export async function verifyAgainstDecoy(password: string, cost: PasswordCost): Promise<false> {
  decoys[cost] ??= hashPassword(randomBytes(24).toString('base64url'), cost)
  await verifyPassword(await decoys[cost], password)
  return false
}
