/**
 * Keys derived from the auth secret for email sign-in. A queued mail holds the code it carries, so it is stored
 * sealed (`lib/crypto.ts`), never as plain text in a column (docs/email-auth.md).
 */
import type { KeyObject } from 'node:crypto'
import { deriveKey } from '#lib/crypto.ts'

export type EmailKeys = {
  /** HMAC key of stored email codes. */
  codes: KeyObject
  /** AES-256-GCM key of outbox payloads. */
  outbox: KeyObject
}

export function deriveEmailKeys(authSecret: string): EmailKeys {
  return {
    codes: deriveKey(authSecret, 'account-supply-email', 'email-codes-v1'),
    outbox: deriveKey(authSecret, 'account-supply-email', 'email-outbox-v1'),
  }
}
