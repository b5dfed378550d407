/**
 * Registration (POST /auth/register): an email and password waiting for the mailbox's code, for the signed-in
 * Telegram user or a new user through the referral gate. An email belongs to whoever proves it
 * (verification.ts); registrations of other people wait beside it and never replace it.
 */
import type { Language } from '@app/contract'
import type { Db } from '#db/client.ts'
import { lockUser } from '#db/locks.ts'
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '#lib/crypto.ts'
import { DomainError } from '#lib/domain-error.ts'
import { type AuthUser, findAdmittingReferralLink } from '../auth/repository.ts'
import { issueCode, queueMail } from './codes.ts'
import { type EmailAuthContext, type Requester, registrationsSince } from './context.ts'
import { checkDomain, limitAddress, limitEmail, refuseWeakPassword } from './limits.ts'
import {
  deleteRegistrationsBefore,
  type EmailRegistration,
  findIdentityOfUser,
  liveRegistrations,
  lockOrCreateIdentity,
  saveRegistration,
  setIdentityLanguage,
} from './repository.ts'
import { normalizeEmail } from './secrets.ts'

export const referralRequired = () =>
  new DomainError(406, 'REFERRAL_REQUIRED', 'Only users with a referral link can access the bot')
export const emailAlreadySet = (email: string) =>
  new DomainError(409, 'EMAIL_ALREADY_SET', 'This account already has a sign-in email', { email })

/**
 * POST /auth/register: a registration, which binds nothing until the mailbox's code is entered by the person
 * who made it. Signed in (`sessionUser`): the email is to become that user's second way in. Otherwise the
 * referral gate decides now (406 without an admitting code) and again at verification. Registrations of other
 * people wait beside this one; none replaces another. The answer is the same whether the address is unknown,
 * waiting or proven: a proven one gets no registration and its owner a note instead of a code.
 */
export async function register(
  ctx: EmailAuthContext,
  body: { email: string; password: string; referralCode?: string | undefined },
  sessionUser: AuthUser | undefined,
  who: Requester,
): Promise<{ email: string }> {
  const email = normalizeEmail(body.email)
  await checkDomain(ctx, email)
  await limitAddress(ctx, who.ip)
  await refuseWeakPassword(body.password, email)
  let admitted: { ownerUserId: number | null; linkId: number } | undefined
  if (!sessionUser) {
    admitted = body.referralCode
      ? await findAdmittingReferralLink(ctx.db, { code: body.referralCode })
      : undefined
    if (!admitted) throw referralRequired()
  }
  const passwordHash = await hashPassword(body.password, ctx.config.passwordCost)
  await ctx.db.transaction(async (tx) => {
    if (sessionUser) {
      await lockUser(tx, sessionUser.id)
      const own = await findIdentityOfUser(tx, sessionUser.id)
      if (own) throw emailAlreadySet(own.email)
    }
    await limitEmail(ctx, tx, email, 'verify')
    const identity = await lockOrCreateIdentity(tx, email, who.language)
    if (identity.verifiedAt) {
      // Taken: no registration, and its owner is told (in their language) instead of sent a code.
      await queueMail(ctx, tx, email, 'taken', identity.languageCode as Language)
      return
    }
    await deleteRegistrationsBefore(tx, identity.id, registrationsSince(ctx))
    await saveRegistration(tx, {
      identityId: identity.id,
      passwordHash,
      requestedByUserId: sessionUser?.id ?? null,
      referrerUserId: admitted?.ownerUserId ?? null,
      referralLinkId: admitted?.linkId ?? null,
      languageCode: who.language,
      now: ctx.now(),
    })
    await setIdentityLanguage(tx, identity.id, who.language)
    await issueCode(ctx, tx, identity, 'verify', who.language, null)
  })
  ctx.mailQueued?.()
  return { email }
}

/**
 * The live registration `password` belongs to, newest first; only those made without a session when
 * `sessionless` (one made while signed in is proven with its session only); undefined when none. One argon2
 * verification per registration, at most the few an email can have in `registrationTtlSeconds` (its requests
 * an hour bound them), and one against a decoy when there is none, so that the time says nothing.
 */
export async function registrationWithPassword(
  ctx: EmailAuthContext,
  dbOrTx: Db,
  identityId: number | undefined,
  password: string,
  sessionless: boolean,
): Promise<EmailRegistration | undefined> {
  const live =
    identityId === undefined ? [] : await liveRegistrations(dbOrTx, identityId, registrationsSince(ctx))
  const candidates = sessionless ? live.filter((r) => r.requestedByUserId === null) : live
  if (candidates.length === 0) await verifyAgainstDecoy(password, ctx.config.passwordCost)
  for (const registration of candidates) {
    if (await verifyPassword(registration.passwordHash, password)) return registration
  }
  return undefined
}
