/**
 * Access tokens: short-lived JWTs signed with HS256 and the shared auth secret, made by jose. They are checked on
 * every user call, so they are verified here synchronously with node:crypto (jose's verification goes through
 * WebCrypto, asynchronously, at many times the CPU; docs/measurements/server.md). Verification
 * accepts exactly what `sign` makes: the header `{"alg":"HS256","typ":"JWT"}` and nothing else (no `none`, no
 * algorithm confusion, no `crit`), the signature compared in constant time, then every claim: issuer, audience,
 * expiry, `nbf` and `iat` when present, our `type: 'access'` (a token of another kind can never pass as access)
 * and a subject that is a user uid.
 */
import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto'
import { SignJWT } from 'jose'
import { unauthorized } from '../../lib/domain-error.ts'

export const TOKEN_ISSUER = 'account-supply'
export const TOKEN_AUDIENCE = 'account-supply-app'
const ALGORITHM = 'HS256'
const TYPE = 'JWT'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Far above any token `sign` makes (about 300 characters): nothing longer is decoded. */
const MAX_TOKEN_LENGTH = 2048

/** The answer to a token that fails, or whose user is unknown or blocked. */
export const accessTokenRefused = () => unauthorized('Access token is invalid or expired')

export type AccessTokenSigner = {
  sign(userUid: string): Promise<string>
  /** The user uid, or undefined for any invalid token (never throws). */
  verify(token: string): string | undefined
}

/** A JSON object from a base64url segment, or undefined. */
function decodeObject(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

export function createAccessTokenSigner(
  secret: string,
  ttlSeconds: number,
  nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
): AccessTokenSigner {
  const key = createSecretKey(Buffer.from(secret, 'utf8')) // a KeyObject: lib/crypto.ts `deriveKey`
  const signKey = new TextEncoder().encode(secret)
  return {
    sign: (userUid) =>
      new SignJWT({ type: 'access' })
        .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
        .setSubject(userUid)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(signKey),
    verify(token) {
      if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return undefined
      const parts = token.split('.')
      if (parts.length !== 3) return undefined
      const [header = '', payload = '', signature = ''] = parts
      // The signature first, over the segments as they came: nothing unsigned is read.
      const expected = Buffer.from(
        createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url'),
      )
      const given = Buffer.from(signature)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
      const head = decodeObject(header)
      if (!head || head.alg !== ALGORITHM || head.typ !== TYPE || Object.keys(head).length !== 2)
        return undefined
      const claims = decodeObject(payload)
      if (!claims) return undefined
      const now = nowSeconds()
      const valid =
        claims.iss === TOKEN_ISSUER &&
        claims.aud === TOKEN_AUDIENCE &&
        isNumber(claims.exp) &&
        claims.exp > now &&
        (claims.nbf === undefined || (isNumber(claims.nbf) && claims.nbf <= now)) &&
        (claims.iat === undefined || isNumber(claims.iat)) &&
        claims.type === 'access' &&
        typeof claims.sub === 'string' &&
        UUID.test(claims.sub)
      return valid ? (claims.sub as string) : undefined
    },
  }
}
