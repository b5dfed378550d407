/**
 * Password reset: a code to a proven email, with the new password held (hashed) beside it, and the code and the
 * same new password to make it the password; every refresh token of the user is revoked.
 */
import { hashPassword, verifyPassword } from '#lib/crypto.ts'
import { DomainError } from '#lib/domain-error.ts'
import { findUserById, revokeUserRefreshTokens } from '../auth/repository.ts'
import { userBlocked } from '../auth/service.ts'
import { resetSignIn } from '../sign-in-guard/guard.ts'
import { checkCode, issueCode, spendTry } from './codes.ts'
import type { EmailAuthContext, Requester } from './context.ts'
import { limitAddress, limitEmail, refuseWeakPassword } from './limits.ts'
import { lockIdentityByEmail, markCodeUsed, setIdentityLanguage, setPasswordHash } from './repository.ts'
import { normalizeEmail } from './secrets.ts'

/**
 * POST /auth/password-reset-request: a code to the email; the new password waits, hashed, with the code. A
 * reset is for an account that may sign in: an address unknown or not proven yet has none, so a reset never
 * completes, or joins, anyone's registration (its owner registers instead), and a blocked user is sent
 * nothing. The answer is the same 204 either way, after the same work.
 */
export async function requestPasswordReset(
  ctx: EmailAuthContext,
  body: { email: string; newPassword: string },
  who: Requester,
): Promise<void> {
  const email = normalizeEmail(body.email)
  await limitAddress(ctx, who.ip)
  await refuseWeakPassword(body.newPassword, email)
  const newPasswordHash = await hashPassword(body.newPassword, ctx.config.passwordCost)
  const queued = await ctx.db.transaction(async (tx) => {
    await limitEmail(ctx, tx, email, 'reset')
    const identity = await lockIdentityByEmail(tx, email)
    if (!identity?.verifiedAt || identity.userId === null) return false
    if (!(await findUserById(tx, identity.userId))) return false
    await setIdentityLanguage(tx, identity.id, who.language)
    await issueCode(ctx, tx, identity, 'reset', who.language, newPasswordHash)
    return true
  })
  if (queued) ctx.mailQueued?.()
}

/**
 * POST /auth/password-reset-confirm: the code and the same new password. The held hash becomes the password
 * and every refresh token of the user is revoked (sessions elsewhere end within an access token's life).
 */
export async function confirmPasswordReset(
  ctx: EmailAuthContext,
  body: { email: string; code: string; newPassword: string },
): Promise<void> {
  const email = normalizeEmail(body.email)
  const outcome = await ctx.db.transaction(async (tx) => {
    const identity = await lockIdentityByEmail(tx, email)
    if (!identity?.verifiedAt || identity.userId === null) return { ok: false as const, attemptsLeft: 0 }
    const checked = await checkCode(ctx, tx, identity, 'reset', body.code)
    if (!checked.ok) return checked
    // The password confirmed must be the one the code was asked for; a different one spends a try.
    if (!checked.newPasswordHash || !(await verifyPassword(checked.newPasswordHash, body.newPassword)))
      return spendTry(ctx, tx, checked)
    // Blocked since the code was sent: nothing changes (thrown: the code is not spent).
    if (!(await findUserById(tx, identity.userId))) throw userBlocked()
    await markCodeUsed(tx, checked.codeId, ctx.now())
    await setPasswordHash(tx, identity.id, checked.newPasswordHash, ctx.now())
    await revokeUserRefreshTokens(tx, identity.userId)
    // The mailed code is the proof only the owner has: it ends a lock strangers' failures closed.
    await resetSignIn(tx, `email:${email}`)
    return { ok: true as const }
  })
  // No tries left in the answer: whoever asked for a reset knows its password, and a count (an account's code)
  // against none (an unknown address's) would tell them whether the address has an account.
  if (!outcome.ok) throw new DomainError(401, 'INVALID_CODE', 'Invalid code provided')
}
