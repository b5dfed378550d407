/**
 * Access tokens: short-lived JWTs signed with HS256 and the shared auth secret.
 * Verification accepts HS256 only (no `none`, no algorithm confusion) and checks issuer, audience,
 * expiry and our `type: 'access'` claim, so a token of another kind can never pass as access.
 */
import { errors, jwtVerify, SignJWT } from 'jose'

export const TOKEN_ISSUER = 'account-supply'
export const TOKEN_AUDIENCE = 'account-supply-app'
const ALGORITHM = 'HS256'

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
        return payload.type === 'access' && typeof payload.sub === 'string' ? payload.sub : undefined
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined
        throw error
      }
    },
  }
}
