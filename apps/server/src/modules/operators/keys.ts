/** Keys derived from the auth secret for operators: the sealing of TOTP secrets and the CSRF tokens' HMAC. */
import { hkdfSync } from 'node:crypto'

export type OperatorKeys = { totp: Buffer; csrf: Buffer }

const derive = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'account-supply-operators', purpose, 32))

export function deriveOperatorKeys(authSecret: string): OperatorKeys {
  return { totp: derive(authSecret, 'totp-v1'), csrf: derive(authSecret, 'csrf-v1') }
}
