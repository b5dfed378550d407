import { createHash, randomBytes } from 'node:crypto'

/** An opaque refresh token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export function generateRefreshToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
