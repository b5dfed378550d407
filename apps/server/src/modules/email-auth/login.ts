/**
 * Email and password login (POST /auth/login): the same token pair as Telegram's. Unknown email and wrong password
 * are one answer, after the same argon2 work.
 */
import type { TokenPair } from '@app/contract'
import { verifyPassword } from '#lib/crypto.ts'
import { DomainError, tooManyRequests } from '#lib/domain-error.ts'
import { findUserById } from '../auth/repository.ts'
import { issueTokens, userBlocked } from '../auth/service.ts'
import { beginSignIn } from '../sign-in-guard/guard.ts'
import type { EmailAuthContext, Requester } from './context.ts'
import { registrationWithPassword } from './registration.ts'
import { findIdentityByEmail } from './repository.ts'
import { normalizeEmail } from './secrets.ts'

const invalidCredentials = () => new DomainError(401, 'INVALID_CREDENTIALS', 'Invalid email or password')
/** The email is closed to this address by failures from elsewhere: its owner can end that with a password reset. */
const signInLocked = (wait: number) =>
  new DomainError(429, 'SIGN_IN_LOCKED', 'Too many failed sign-ins: reset the password to sign in now', {
    wait,
  })

/**
 * POST /auth/login: the same token pair (a new refresh family) as Telegram authorization. Unknown email and
 * wrong password are one answer, after the same argon2 work. A blocked user's right password is 403
 * USER_BLOCKED, as at Telegram sign-in. Failures are counted per email and address and
 * per email over every address (`loginFailures`, modules/sign-in-guard): a stranger who knows the email stops
 * only their own address, and the owner keeps signing in from theirs.
 */
export async function login(
  ctx: EmailAuthContext,
  body: { email: string; password: string },
  who: Pick<Requester, 'ip'>,
): Promise<TokenPair> {
  const { db } = ctx
  const email = normalizeEmail(body.email)
  const attempt = await beginSignIn(db, {
    subject: `email:${email}`,
    ip: who.ip,
    limits: ctx.config.emailAuth.loginFailures,
    now: ctx.now(),
  })
  if (!attempt.admitted)
    throw attempt.scope === 'sign-in' ? signInLocked(attempt.wait) : tooManyRequests(attempt.wait)
  const identity = await findIdentityByEmail(db, email)
  if (!identity?.verifiedAt || identity.passwordHash === null || identity.userId === null) {
    // Not proven: the password of a registration waiting for its code is told so, never signed in.
    if (!(await registrationWithPassword(ctx, db, identity?.id, body.password, false)))
      throw invalidCredentials()
    await attempt.succeeded({ signedIn: false })
    throw new DomainError(403, 'EMAIL_NOT_VERIFIED', 'Email not verified: confirm it with the code we sent')
  }
  if (!(await verifyPassword(identity.passwordHash, body.password))) throw invalidCredentials()
  // A proven identity's user exists: not found, they are blocked (the auth lookups skip blocked users).
  const user = await findUserById(db, identity.userId)
  if (!user) {
    await attempt.succeeded({ signedIn: false })
    throw userBlocked()
  }
  await attempt.succeeded({ signedIn: true })
  const { accessToken, refreshToken } = await issueTokens(ctx, db, user)
  return { accessToken, refreshToken }
}
