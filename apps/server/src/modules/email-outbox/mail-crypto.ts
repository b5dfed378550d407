/**
 * Keys derived from the auth secret for email sign-in, and the sealing of outbox mail. A queued mail holds the
 * code it carries, so it is stored sealed (AES-256-GCM), never as plain text in a column (docs/email-auth.md).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

export type EmailKeys = {
  /** HMAC key of stored email codes. */
  codes: Buffer
  /** AES-256-GCM key of outbox payloads. */
  outbox: Buffer
}

function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'account-supply-email', purpose, 32))
}

/** Independent keys per use (HKDF-SHA256), so neither reveals the auth secret or the other. */
export function deriveEmailKeys(authSecret: string): EmailKeys {
  return { codes: derive(authSecret, 'email-codes-v1'), outbox: derive(authSecret, 'email-outbox-v1') }
}

const VERSION = 'v1'

/** `v1.<base64url of iv(12) | tag(16) | ciphertext>`. */
export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`
}

/** The plaintext, or undefined for anything not sealed with this key (tampered, another secret). */
export function unseal(key: Buffer, sealed: string): string | undefined {
  const [version, data] = sealed.split('.')
  if (version !== VERSION || data === undefined) return undefined
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
