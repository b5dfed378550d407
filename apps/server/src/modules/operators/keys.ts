/**
 * Keys derived from the auth secret for operators: the sealing of TOTP secrets, the CSRF tokens' HMAC, and the HMAC
 * that names a login in the sign-in guard's counters (people type passwords into the login field).
 */
import type { KeyObject } from 'node:crypto'
import { deriveKey } from '#lib/crypto.ts'

export type OperatorKeys = { totp: KeyObject; csrf: KeyObject; signIn: KeyObject }

const derive = (secret: string, purpose: string) => deriveKey(secret, 'account-supply-operators', purpose)

export function deriveOperatorKeys(authSecret: string): OperatorKeys {
  return {
    totp: derive(authSecret, 'totp-v1'),
    csrf: derive(authSecret, 'csrf-v1'),
    signIn: derive(authSecret, 'sign-in-v1'),
  }
}
