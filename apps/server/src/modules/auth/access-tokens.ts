/**
 * Access tokens: short-lived JWTs signed with HS256 and the shared auth secret.
 * Verification accepts HS256 only (no `none`, no algorithm confusion) and checks issuer, audience,
 * expiry and our `type: 'access'` claim, so a token of another kind can never pass as access.
 */
import { errors, jwtVerify, SignJWT } from 'jose'
import { unauthorized } from '../../lib/domain-error.ts'

export const TOKEN_ISSUER = 'account-supply'
export const TOKEN_AUDIENCE = 'account-supply-app'
const ALGORITHM = 'HS256'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The answer to a token that fails, or whose user is unknown or blocked. */
export const accessTokenRefused = () => unauthorized('Access token is invalid or expired')

export type AccessTokenSigner = {
  sign(userUid: string): Promise<string>
  /** The user uid, or undefined for any invalid token (never throws). */
  verify(token: string): Promise<string | undefined>
}

export function createAccessTokenSigner(secret: string, ttlSeconds: number): AccessTokenSigner {
  const key = new TextEncoder().encode(secret)
  return {
    sign: (userUid) =>
      new SignJWT({ type: 'access' })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userUid)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          requiredClaims: ['sub', 'exp'],
        })
        // Every claim is checked before use: a subject that is no user uid would reach the database as one.
        return payload.type === 'access' && typeof payload.sub === 'string' && UUID.test(payload.sub)
          ? payload.sub
          : undefined
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined
        throw error
      }
    },
  }
}
