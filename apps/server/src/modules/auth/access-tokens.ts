/**
 * Access tokens: short-lived JWTs signed with HS256 and the shared auth secret. They are checked on every user call,
 * so they are signed and verified synchronously by fast-jwt (the library behind @fastify/jwt; jose verifies through
 * WebCrypto, asynchronously, at several times the CPU: docs/measurements/auth.md). Verification accepts only what
 * `sign` makes: HS256 alone (no `none`, no algorithm confusion, no `crit`), the header `{"alg":"HS256","typ":"JWT"}`
 * exactly, our issuer and our audience (a string, not a list), an expiry, `nbf` when present, an `iat` no older than
 * the token's lifetime, our `type: 'access'` (a token of another kind can never pass as access) and a subject that is
 * a user uid.
 */
import { createSigner, createVerifier } from 'fast-jwt'
import { unauthorized } from '#lib/domain-error.ts'

export const TOKEN_ISSUER = 'account-supply'
export const TOKEN_AUDIENCE = 'account-supply-app'
const ALGORITHM = 'HS256'
const TYPE = 'JWT'
const ACCESS = 'access'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Far above any token `sign` makes (about 300 characters): nothing longer is decoded. */
const MAX_TOKEN_LENGTH = 2048

/** The answer to a token that fails, or whose user is unknown or blocked. */
export const accessTokenRefused = () => unauthorized('Access token is invalid or expired')

export type AccessTokenSigner = {
  sign(userUid: string): string
  /** The user uid, or undefined for any invalid token (never throws). */
  verify(token: string): string | undefined
}

type Verified = { header: Record<string, unknown>; payload: Record<string, unknown> }

/**
 * What fast-jwt lets through and `sign` never makes: another header parameter (`kid`...), `typ` in another case or
 * as `application/jwt`, the audience in a list, another `type`, and the token in its expiry's own millisecond
 * (RFC 7519: valid only before `exp`).
 */
const isOurs = ({ header, payload }: Verified): boolean =>
  Object.keys(header).length === 2 &&
  header.typ === TYPE &&
  typeof payload.aud === 'string' &&
  payload.type === ACCESS &&
  typeof payload.exp === 'number' &&
  payload.exp * 1000 > Date.now()

export function createAccessTokenSigner(secret: string, ttlSeconds: number): AccessTokenSigner {
  const signToken = createSigner({
    key: secret,
    algorithm: ALGORITHM,
    iss: TOKEN_ISSUER,
    aud: TOKEN_AUDIENCE,
    expiresIn: ttlSeconds * 1000,
  })
  const verifyToken = createVerifier({
    key: secret,
    algorithms: [ALGORITHM],
    checkTyp: TYPE,
    allowedIss: TOKEN_ISSUER,
    allowedAud: TOKEN_AUDIENCE,
    allowedSub: UUID,
    requiredClaims: ['iss', 'aud', 'sub', 'exp', 'type'],
    maxAge: ttlSeconds * 1000,
    complete: true,
  })
  return {
    sign: (userUid) => signToken({ type: ACCESS, sub: userUid }),
    verify(token) {
      if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return undefined
      try {
        const verified = verifyToken(token) as Verified
        return isOurs(verified) ? (verified.payload.sub as string) : undefined
      } catch {
        return undefined
      }
    },
  }
}
