/**
 * Verification: a new code for an address with registrations waiting, and the code entered by the person who
 * registered, which proves the mailbox for their own registration (with their session, or their password).
 */
import type { Db } from '#db/client.ts'
import { DomainError } from '#lib/domain-error.ts'
import { type AuthUser, lockAdmittingReferralLink } from '../auth/repository.ts'
import { readSettings } from '../settings/repository.ts'
import { newUserFlags } from '../settings/settings-definitions.ts'
import { type CodeOutcome, checkCode, issueCode, strangersTry } from './codes.ts'
import { type EmailAuthContext, type Requester, registrationsSince } from './context.ts'
import { limitAddress, limitEmail } from './limits.ts'
import { emailAlreadySet, referralRequired, registrationWithPassword } from './registration.ts'
import {
  createEmailUser,
  type EmailIdentity,
  type EmailRegistration,
  findIdentityByEmail,
  findIdentityOfUser,
  liveRegistrations,
  lockIdentityByEmail,
  markCodeUsed,
  markIdentityProven,
  setIdentityLanguage,
} from './repository.ts'
import { normalizeEmail } from './secrets.ts'

/**
 * POST /auth/email-verification-request: a new code (the previous one stops working) when the address has
 * registrations waiting; the same 204, and no mail, for an unknown or proven one.
 */
export async function requestVerification(
  ctx: EmailAuthContext,
  body: { email: string },
  who: Requester,
): Promise<void> {
  const email = normalizeEmail(body.email)
  await limitAddress(ctx, who.ip)
  const queued = await ctx.db.transaction(async (tx) => {
    await limitEmail(ctx, tx, email, 'verify')
    const identity = await lockIdentityByEmail(tx, email)
    if (!identity || identity.verifiedAt) return false
    if ((await liveRegistrations(tx, identity.id, registrationsSince(ctx))).length === 0) return false
    await setIdentityLanguage(tx, identity.id, who.language)
    await issueCode(ctx, tx, identity, 'verify', who.language, null)
    return true
  })
  if (queued) ctx.mailQueued?.()
}

/**
 * POST /auth/email-verification-confirm. The code proves the mailbox to whoever enters it, for their own
 * registration: the signed-in `prover`'s, or the one made without a session whose password `body.password`
 * is. Anyone else's try reads and spends nothing of the code and answers as for an unknown address
 * (strangersTry). 406 when the registration's referral no longer admits (nothing spent).
 */
export async function confirmVerification(
  ctx: EmailAuthContext,
  body: { email: string; code: string; password?: string | undefined },
  prover: AuthUser | undefined,
): Promise<void> {
  const email = normalizeEmail(body.email)
  // The caller's registration is found first, outside the transaction: its argon2 holds no connection or row lock.
  const found = await registrationOf(ctx, await findIdentityByEmail(ctx.db, email), prover, body.password)
  const outcome = await ctx.db.transaction(async (tx): Promise<CodeOutcome> => {
    const identity = await lockIdentityByEmail(tx, email)
    const waiting = identity?.verifiedAt ? undefined : identity
    const registration =
      waiting && found
        ? (await liveRegistrations(tx, waiting.id, registrationsSince(ctx))).find((r) => r.id === found.id)
        : undefined
    if (!waiting || !registration) return strangersTry(ctx, tx, email)
    const checked = await checkCode(ctx, tx, waiting, 'verify', body.code)
    if (!checked.ok) return checked
    await prove(ctx, tx, waiting, registration)
    await markCodeUsed(tx, checked.codeId, ctx.now())
    return { ok: true }
  })
  if (!outcome.ok) {
    throw new DomainError(401, 'INVALID_CODE', 'Invalid OTP code', { attemptsLeft: outcome.attemptsLeft })
  }
}

/**
 * The caller's own live registration of a waiting identity: the signed-in prover's, else the sessionless one their
 * password is (checked against a decoy when there is none, so the time says nothing either).
 */
async function registrationOf(
  ctx: EmailAuthContext,
  identity: EmailIdentity | undefined,
  prover: AuthUser | undefined,
  password: string | undefined,
): Promise<EmailRegistration | undefined> {
  const waiting = identity?.verifiedAt ? undefined : identity
  if (prover && waiting) {
    const live = await liveRegistrations(ctx.db, waiting.id, registrationsSince(ctx))
    const own = live.find((r) => r.requestedByUserId === prover.id)
    if (own) return own
  }
  if (password === undefined) return undefined
  return registrationWithPassword(ctx, ctx.db, waiting?.id, password, true)
}

/**
 * The mailbox is proven for `registration`: the identity is verified, with its password, and bound to its
 * user; the other registrations are over. Made while signed in, the user is the one who asked (the caller
 * checked the prover is them), unless they got another email meanwhile (409). Made without a session, a new
 * user, through the code the gate admitted at registration only if that code still admits now (406 otherwise:
 * revoked, or its owner lost canReferrer), held against a revoke as Telegram sign-in holds it
 * (docs/referrals.md). Throws to roll everything back.
 */
async function prove(
  ctx: EmailAuthContext,
  tx: Db,
  identity: EmailIdentity,
  registration: EmailRegistration,
): Promise<void> {
  let userId = registration.requestedByUserId
  if (userId !== null) {
    const own = await findIdentityOfUser(tx, userId)
    if (own) throw emailAlreadySet(own.email)
  } else {
    const link =
      registration.referralLinkId === null
        ? undefined
        : await lockAdmittingReferralLink(tx, { linkId: registration.referralLinkId })
    if (!link) throw referralRequired()
    const user = await createEmailUser(tx, {
      referrerUserId: link.ownerUserId,
      referralLinkId: link.linkId,
      languageCode: registration.languageCode,
      flags: newUserFlags(await readSettings(tx)),
    })
    userId = user.id
  }
  await markIdentityProven(tx, identity.id, {
    userId,
    passwordHash: registration.passwordHash,
    now: ctx.now(),
  })
}
