/**
 * TOTP second factor (RFC 6238: SHA-1, 6 digits, 30 s, the authenticator apps' defaults) with `otpauth`. A code
 * is accepted one step either side of now, and each step only once: the operator row keeps the last step used.
 */
import { Secret, TOTP } from 'otpauth'

const ISSUER = 'Account Supply console'
const PERIOD = 30

function totpOf(secretBase32: string, login: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: login,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  })
}

/** A fresh 160-bit secret, base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The `otpauth://totp/...` URI an authenticator app reads from the QR code. */
export function totpUri(secretBase32: string, login: string): string {
  return totpOf(secretBase32, login).toString()
}

/** The code for a moment (tests, the e2e test, the bootstrap command's check). */
export function totpCode(secretBase32: string, at: Date): string {
  return totpOf(secretBase32, 'x').generate({ timestamp: at.getTime() })
}

/**
 * The time step the code belongs to, or undefined when it is wrong or already used (`lastStep`, the step of the
 * last code accepted: a replayed code, or an older one, is refused).
 */
export function acceptedTotpStep(
  secretBase32: string,
  code: string,
  at: Date,
  lastStep: number | null,
): number | undefined {
  const totp = totpOf(secretBase32, 'x')
  const delta = totp.validate({ token: code, timestamp: at.getTime(), window: 1 })
  if (delta === null) return undefined
  const step = totp.counter({ timestamp: at.getTime() }) + delta
  if (lastStep !== null && step <= lastStep) return undefined
  return step
}
