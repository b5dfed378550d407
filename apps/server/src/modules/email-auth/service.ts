/**
 * Email and password sign-in (docs/email-auth.md): registration (for the signed-in Telegram user, or a new user
 * through the referral gate), verification and password-reset codes sent through the email outbox, and login to
 * the same token pair as Telegram's. An email belongs to whoever proves it: the mailbox's code, entered with the
 * session or the password of one's own registration, proves that registration; registrations of other people wait
 * beside it and never replace it. The answers never say whether an address is known. Every email is normalized
 * before any lookup; codes and passwords are compared in constant time and never leave this module in plain text
 * except inside a sealed outbox mail.
 */
import type { Language, TokenPair } from '@app/contract'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { lockUser } from '../../db/locks.ts'
import { countInWindow, uncount, waitWhenOver } from '../../db/rate-limit-counters.ts'
import type { EmailCodePurpose } from '../../db/schema.ts'
import { hashPassword, seal, verifyAgainstDecoy, verifyPassword } from '../../lib/crypto.ts'
import { DomainError, tooManyRequests } from '../../lib/domain-error.ts'
import type { AccessTokenSigner } from '../auth/access-tokens.ts'
import {
  type AuthUser,
  findAdmittingReferralLink,
  findUserById,
  lockAdmittingReferralLink,
  revokeUserRefreshTokens,
} from '../auth/repository.ts'
import { issueTokens, userBlocked } from '../auth/service.ts'
import type { EmailKeys } from '../email-outbox/email-keys.ts'
import { insertOutboxMail } from '../email-outbox/repository.ts'
import type { MailPayload } from '../email-outbox/service.ts'
import type { MailKind, MailTemplates } from '../email-outbox/templates.ts'
import { readSettings } from '../settings/repository.ts'
import { newUserFlags } from '../settings/settings-definitions.ts'
import { beginSignIn, resetSignIn } from '../sign-in-guard/guard.ts'
import { passwordWeakness } from './password-strength.ts'
import {
  createEmailUser,
  deleteRegistrationsBefore,
  type EmailIdentity,
  type EmailRegistration,
  findIdentityByEmail,
  findIdentityOfUser,
  liveRegistrations,
  lockCode,
  lockIdentityByEmail,
  lockOrCreateIdentity,
  markCodeUsed,
  markIdentityProven,
  recordWrongTry,
  replaceCode,
  saveRegistration,
  setIdentityLanguage,
  setPasswordHash,
} from './repository.ts'
import { codeMatches, emailDomain, generateCode, hashCode, normalizeEmail } from './secrets.ts'

export type EmailAuthServiceDeps = {
  db: Db
  now: () => Date
  accessTokens: AccessTokenSigner
  emailKeys: EmailKeys
  mailTemplates: MailTemplates
  config: Pick<Config, 'passwordCost' | 'emailAuth' | 'refreshTokenTtlSeconds'>
  /** Called after a transaction that queued mail commits (wakes this process's outbox worker). */
  mailQueued?: (() => void) | undefined
}
export type EmailAuthService = ReturnType<typeof createEmailAuthService>

/** Who asks: the client's address (rate limits) and the language of the mail. */
export type Requester = { ip: string; language: Language }

const invalidCredentials = () => new DomainError(401, 'INVALID_CREDENTIALS', 'Invalid email or password')
/** The email is closed to this address by failures from elsewhere: its owner can end that with a password reset. */
const signInLocked = (wait: number) =>
  new DomainError(429, 'SIGN_IN_LOCKED', 'Too many failed sign-ins: reset the password to sign in now', {
    wait,
  })
const tooMany = (wait: number) =>
  new DomainError(429, 'RATE_LIMITED', 'Too many requests, try again later', { wait })
const emailFlood = (wait: number) =>
  new DomainError(429, 'EMAIL_FLOOD', `Too many codes asked for this email; wait ${wait} seconds`, { wait })
const referralRequired = () =>
  new DomainError(406, 'REFERRAL_REQUIRED', 'Only users with a referral link can access the bot')
const emailAlreadySet = (email: string) =>
  new DomainError(409, 'EMAIL_ALREADY_SET', 'This account already has a sign-in email', { email })

/**
 * A new password (registration, reset) beyond the contract's length and not-the-email checks: not too easy to
 * guess (zxcvbn, with the email's words). Checked after the client address's limit, which bounds the scoring's
 * CPU, and before anything is hashed.
 */
async function refuseWeakPassword(password: string, email: string): Promise<void> {
  const weakness = await passwordWeakness(password, [email, email.slice(0, email.lastIndexOf('@'))])
  if (!weakness) return
  const { common, ...details } = weakness
  if (common) throw new DomainError(400, 'PASSWORD_TOO_COMMON', 'This password is too common: choose another')
  throw new DomainError(
    400,
    'PASSWORD_TOO_WEAK',
    'This password is too easy to guess: choose a stronger one',
    details,
  )
}

/** Why a code was refused; every case answers the same 401 so that nothing is learnt from the difference. */
type CodeOutcome = { ok: true } | { ok: false; attemptsLeft: number }

export function createEmailAuthService(deps: EmailAuthServiceDeps) {
  const { db, now, config } = deps
  const rules = config.emailAuth

  /** Seconds to wait when `key` went over `max` in its window, else 0 (the use is counted either way). */
  async function overLimit(
    dbOrTx: Db,
    key: string,
    limit: { max: number; windowSeconds: number },
  ): Promise<number> {
    const at = now()
    return waitWhenOver(await countInWindow(dbOrTx, key, limit.windowSeconds, at), limit, at)
  }

  async function limitAddress(ip: string): Promise<void> {
    const wait = await overLimit(db, `email-code:ip:${ip}`, rules.codesPerAddress)
    if (wait > 0) throw tooMany(wait)
  }

  async function checkDomain(email: string): Promise<void> {
    const allowed = (await readSettings(db)).email_allowed_domains
    if (allowed.length > 0 && !allowed.includes(emailDomain(email))) {
      throw new DomainError(
        400,
        'EMAIL_DOMAIN_NOT_ACCEPTABLE',
        `Email domains accepted: ${allowed.join(', ')}`,
        {
          allowedDomains: allowed,
        },
      )
    }
  }

  /**
   * Counts a request that may mail `email` (register, a new code, a reset), inside the caller's transaction, for
   * every address alike, known or not, so that a flood says nothing of the address: one a minute per purpose and
   * `codesPerEmail` an hour, else EMAIL_FLOOD with the wait (the count rolls back with the refusal).
   */
  async function limitEmail(tx: Db, email: string, purpose: EmailCodePurpose): Promise<void> {
    const minute = { max: 1, windowSeconds: rules.codeCooldownSeconds }
    const wait =
      (await overLimit(tx, `email-code:minute:${purpose}:${email}`, minute)) ||
      (await overLimit(tx, `email-code:email:${email}`, rules.codesPerEmail))
    if (wait > 0) throw emailFlood(wait)
  }

  /** A mail in the outbox, inside the caller's transaction: it commits with what it tells of, or not at all. */
  async function queueMail(tx: Db, to: string, kind: MailKind, language: Language, code = ''): Promise<void> {
    const minutes = Math.round(rules.codeTtlSeconds / 60)
    const payload: MailPayload = { ...deps.mailTemplates.render(kind, language, { code, minutes }), code }
    await insertOutboxMail(tx, {
      recipient: to,
      kind,
      payload: seal(deps.emailKeys.outbox, JSON.stringify(payload)),
      now: now(),
    })
  }

  /** A new code for the identity (the previous one of its purpose stops working), and its mail. */
  async function issueCode(
    tx: Db,
    identity: Pick<EmailIdentity, 'id' | 'email'>,
    purpose: EmailCodePurpose,
    language: Language,
    newPasswordHash: string | null,
  ): Promise<void> {
    const at = now()
    const code = generateCode()
    await replaceCode(tx, {
      identityId: identity.id,
      purpose,
      codeHash: hashCode(deps.emailKeys.codes, purpose, identity.id, code),
      newPasswordHash,
      now: at,
      expiresAt: new Date(at.getTime() + rules.codeTtlSeconds * 1000),
    })
    await queueMail(tx, identity.email, purpose, language, code)
  }

  /** Registrations made before this are over (they wait `registrationTtlSeconds` for their code). */
  const registrationsSince = () => new Date(now().getTime() - rules.registrationTtlSeconds * 1000)

  /**
   * Checks a code inside the transaction that acts on it: right, unexpired, unused, within its tries. A wrong try
   * is counted (the transaction commits it); the caller answers 401 after the commit. A try at a live code is a
   * guess, and the email has `codeTriesPerEmail` wrong ones a day over all its codes: past them every try answers
   * 429 with the wait (thrown, so the transaction and its count roll back), the right code included.
   */
  async function checkCode(
    tx: Db,
    identity: Pick<EmailIdentity, 'id' | 'email'>,
    purpose: EmailCodePurpose,
    code: string,
  ): Promise<
    | (CodeOutcome & { ok: true; codeId: number; attempts: number; newPasswordHash: string | null })
    | (CodeOutcome & { ok: false })
  > {
    const at = now()
    const stored = await lockCode(tx, identity.id, purpose)
    if (!stored || stored.usedAt !== null || stored.expiresAt.getTime() <= at.getTime()) {
      return { ok: false, attemptsLeft: 0 }
    }
    if (stored.attempts >= rules.maxCodeAttempts) return { ok: false, attemptsLeft: 0 }
    const triesKey = `email-code:tries:${identity.email}`
    const tries = await countInWindow(tx, triesKey, rules.codeTriesPerEmail.windowSeconds, at)
    const wait = waitWhenOver(tries, rules.codeTriesPerEmail, at)
    if (wait > 0) throw tooManyRequests(wait)
    if (!codeMatches(deps.emailKeys.codes, stored.codeHash, purpose, identity.id, code)) {
      await recordWrongTry(tx, stored.id)
      return { ok: false, attemptsLeft: Math.max(0, rules.maxCodeAttempts - stored.attempts - 1) }
    }
    // The right code is no wrong try.
    await uncount(tx, triesKey)
    return { ok: true, codeId: stored.id, attempts: stored.attempts, newPasswordHash: stored.newPasswordHash }
  }

  /**
   * The mailbox is proven for `registration`: the identity is verified, with its password, and bound to its
   * user; the other registrations are over. Made while signed in, the user is the one who asked (the caller
   * checked the prover is them), unless they got another email meanwhile (409). Made without a session, a new
   * user, through the code the gate admitted at registration only if that code still admits now (406 otherwise:
   * revoked, or its owner lost canReferrer), held against a revoke as Telegram sign-in holds it
   * (docs/referrals.md). Throws to roll everything back.
   */
  async function prove(tx: Db, identity: EmailIdentity, registration: EmailRegistration): Promise<void> {
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
    await markIdentityProven(tx, identity.id, { userId, passwordHash: registration.passwordHash, now: now() })
  }

  /**
   * The live registration `password` belongs to, newest first; only those made without a session when
   * `sessionless` (one made while signed in is proven with its session only); undefined when none. One argon2
   * verification per registration, at most the few an email can have in `registrationTtlSeconds` (its requests
   * an hour bound them), and one against a decoy when there is none, so that the time says nothing.
   */
  async function registrationWithPassword(
    dbOrTx: Db,
    identityId: number | undefined,
    password: string,
    sessionless: boolean,
  ): Promise<EmailRegistration | undefined> {
    const live =
      identityId === undefined ? [] : await liveRegistrations(dbOrTx, identityId, registrationsSince())
    const candidates = sessionless ? live.filter((r) => r.requestedByUserId === null) : live
    if (candidates.length === 0) await verifyAgainstDecoy(password, config.passwordCost)
    for (const registration of candidates) {
      if (await verifyPassword(registration.passwordHash, password)) return registration
    }
    return undefined
  }

  /** The code's tries left, read without counting one (a try that could not have proven anything). */
  async function triesLeft(tx: Db, identityId: number): Promise<number> {
    const stored = await lockCode(tx, identityId, 'verify')
    return stored ? Math.max(0, rules.maxCodeAttempts - stored.attempts) : 0
  }

  return {
    /**
     * POST /auth/register: a registration, which binds nothing until the mailbox's code is entered by the person
     * who made it. Signed in (`sessionUser`): the email is to become that user's second way in. Otherwise the
     * referral gate decides now (406 without an admitting code) and again at verification. Registrations of other
     * people wait beside this one; none replaces another. The answer is the same whether the address is unknown,
     * waiting or proven: a proven one gets no registration and its owner a note instead of a code.
     */
    async register(
      body: { email: string; password: string; referralCode?: string | undefined },
      sessionUser: AuthUser | undefined,
      who: Requester,
    ): Promise<{ email: string }> {
      const email = normalizeEmail(body.email)
      await checkDomain(email)
      await limitAddress(who.ip)
      await refuseWeakPassword(body.password, email)
      let admitted: { ownerUserId: number | null; linkId: number } | undefined
      if (!sessionUser) {
        admitted = body.referralCode
          ? await findAdmittingReferralLink(db, { code: body.referralCode })
          : undefined
        if (!admitted) throw referralRequired()
      }
      const passwordHash = await hashPassword(body.password, config.passwordCost)
      await db.transaction(async (tx) => {
        if (sessionUser) {
          await lockUser(tx, sessionUser.id)
          const own = await findIdentityOfUser(tx, sessionUser.id)
          if (own) throw emailAlreadySet(own.email)
        }
        await limitEmail(tx, email, 'verify')
        const identity = await lockOrCreateIdentity(tx, email, who.language)
        if (identity.verifiedAt) {
          // Taken: no registration, and its owner is told (in their language) instead of sent a code.
          await queueMail(tx, email, 'taken', identity.languageCode as Language)
          return
        }
        await deleteRegistrationsBefore(tx, identity.id, registrationsSince())
        await saveRegistration(tx, {
          identityId: identity.id,
          passwordHash,
          requestedByUserId: sessionUser?.id ?? null,
          referrerUserId: admitted?.ownerUserId ?? null,
          referralLinkId: admitted?.linkId ?? null,
          languageCode: who.language,
          now: now(),
        })
        await setIdentityLanguage(tx, identity.id, who.language)
        await issueCode(tx, identity, 'verify', who.language, null)
      })
      deps.mailQueued?.()
      return { email }
    },

    /**
     * POST /auth/email-verification-request: a new code (the previous one stops working) when the address has
     * registrations waiting; the same 204, and no mail, for an unknown or proven one.
     */
    async requestVerification(body: { email: string }, who: Requester): Promise<void> {
      const email = normalizeEmail(body.email)
      await limitAddress(who.ip)
      const queued = await db.transaction(async (tx) => {
        await limitEmail(tx, email, 'verify')
        const identity = await lockIdentityByEmail(tx, email)
        if (!identity || identity.verifiedAt) return false
        if ((await liveRegistrations(tx, identity.id, registrationsSince())).length === 0) return false
        await setIdentityLanguage(tx, identity.id, who.language)
        await issueCode(tx, identity, 'verify', who.language, null)
        return true
      })
      if (queued) deps.mailQueued?.()
    },

    /**
     * POST /auth/email-verification-confirm. The code proves the mailbox to whoever enters it, for their own
     * registration: the signed-in `prover`'s, or the one made without a session whose password `body.password`
     * is. Entered with neither, it proves nothing and spends no try; with a password that is nobody's
     * registration, it spends one. 406 when the registration's referral no longer admits (nothing spent).
     */
    async confirmVerification(
      body: { email: string; code: string; password?: string | undefined },
      prover: AuthUser | undefined,
    ): Promise<void> {
      const email = normalizeEmail(body.email)
      const outcome = await db.transaction(async (tx): Promise<CodeOutcome> => {
        const identity = await lockIdentityByEmail(tx, email)
        if (!identity || identity.verifiedAt) return { ok: false, attemptsLeft: 0 }
        const live = await liveRegistrations(tx, identity.id, registrationsSince())
        const own = prover ? live.find((r) => r.requestedByUserId === prover.id) : undefined
        if (!own && body.password === undefined) {
          return { ok: false, attemptsLeft: await triesLeft(tx, identity.id) }
        }
        const checked = await checkCode(tx, identity, 'verify', body.code)
        if (!checked.ok) return checked
        const registration =
          own ?? (await registrationWithPassword(tx, identity.id, body.password ?? '', true))
        if (!registration) {
          await recordWrongTry(tx, checked.codeId)
          return { ok: false, attemptsLeft: Math.max(0, rules.maxCodeAttempts - checked.attempts - 1) }
        }
        await prove(tx, identity, registration)
        await markCodeUsed(tx, checked.codeId, now())
        return { ok: true }
      })
      if (!outcome.ok) {
        throw new DomainError(401, 'INVALID_CODE', 'Invalid OTP code', { attemptsLeft: outcome.attemptsLeft })
      }
    },

    /**
     * POST /auth/login: the same token pair (a new refresh family) as Telegram authorization. Unknown email and
     * wrong password are one answer, after the same argon2 work. A blocked user's right password is 403
     * USER_BLOCKED, as at Telegram sign-in. Failures are counted per email and address and
     * per email over every address (`loginFailures`, modules/sign-in-guard): a stranger who knows the email stops
     * only their own address, and the owner keeps signing in from theirs.
     */
    async login(body: { email: string; password: string }, who: Pick<Requester, 'ip'>): Promise<TokenPair> {
      const email = normalizeEmail(body.email)
      const attempt = await beginSignIn(db, {
        subject: `email:${email}`,
        ip: who.ip,
        limits: rules.loginFailures,
        now: now(),
      })
      if (!attempt.admitted)
        throw attempt.scope === 'sign-in' ? signInLocked(attempt.wait) : tooManyRequests(attempt.wait)
      const identity = await findIdentityByEmail(db, email)
      if (!identity?.verifiedAt || identity.passwordHash === null || identity.userId === null) {
        // Not proven: the password of a registration waiting for its code is told so, never signed in.
        if (!(await registrationWithPassword(db, identity?.id, body.password, false)))
          throw invalidCredentials()
        await attempt.succeeded({ signedIn: false })
        throw new DomainError(
          403,
          'EMAIL_NOT_VERIFIED',
          'Email not verified: confirm it with the code we sent',
        )
      }
      if (!(await verifyPassword(identity.passwordHash, body.password))) throw invalidCredentials()
      // A proven identity's user exists: not found, they are blocked (the auth lookups skip blocked users).
      const user = await findUserById(db, identity.userId)
      if (!user) {
        await attempt.succeeded({ signedIn: false })
        throw userBlocked()
      }
      await attempt.succeeded({ signedIn: true })
      const { accessToken, refreshToken } = await issueTokens(deps, db, user)
      return { accessToken, refreshToken }
    },

    /**
     * POST /auth/password-reset-request: a code to the email; the new password waits, hashed, with the code. A
     * reset is for an account that may sign in: an address unknown or not proven yet has none, so a reset never
     * completes, or joins, anyone's registration (its owner registers instead), and a blocked user is sent
     * nothing. The answer is the same 204 either way, after the same work.
     */
    async requestPasswordReset(body: { email: string; newPassword: string }, who: Requester): Promise<void> {
      const email = normalizeEmail(body.email)
      await limitAddress(who.ip)
      await refuseWeakPassword(body.newPassword, email)
      const newPasswordHash = await hashPassword(body.newPassword, config.passwordCost)
      const queued = await db.transaction(async (tx) => {
        await limitEmail(tx, email, 'reset')
        const identity = await lockIdentityByEmail(tx, email)
        if (!identity?.verifiedAt || identity.userId === null) return false
        if (!(await findUserById(tx, identity.userId))) return false
        await setIdentityLanguage(tx, identity.id, who.language)
        await issueCode(tx, identity, 'reset', who.language, newPasswordHash)
        return true
      })
      if (queued) deps.mailQueued?.()
    },

    /**
     * POST /auth/password-reset-confirm: the code and the same new password. The held hash becomes the password
     * and every refresh token of the user is revoked (sessions elsewhere end within an access token's life).
     */
    async confirmPasswordReset(body: { email: string; code: string; newPassword: string }): Promise<void> {
      const email = normalizeEmail(body.email)
      const outcome = await db.transaction(async (tx) => {
        const identity = await lockIdentityByEmail(tx, email)
        if (!identity?.verifiedAt || identity.userId === null) return { ok: false as const, attemptsLeft: 0 }
        const checked = await checkCode(tx, identity, 'reset', body.code)
        if (!checked.ok) return checked
        // The password confirmed must be the one the code was asked for; a different one spends a try.
        if (!checked.newPasswordHash || !(await verifyPassword(checked.newPasswordHash, body.newPassword))) {
          await recordWrongTry(tx, checked.codeId)
          return {
            ok: false as const,
            attemptsLeft: Math.max(0, rules.maxCodeAttempts - checked.attempts - 1),
          }
        }
        // Blocked since the code was sent: nothing changes (thrown: the code is not spent).
        if (!(await findUserById(tx, identity.userId))) throw userBlocked()
        await markCodeUsed(tx, checked.codeId, now())
        await setPasswordHash(tx, identity.id, checked.newPasswordHash, now())
        await revokeUserRefreshTokens(tx, identity.userId)
        // The mailed code is the proof only the owner has: it ends a lock strangers' failures closed.
        await resetSignIn(tx, `email:${email}`)
        return { ok: true as const }
      })
      if (!outcome.ok) {
        throw new DomainError(401, 'INVALID_CODE', 'Invalid code provided', {
          attemptsLeft: outcome.attemptsLeft,
        })
      }
    },
  }
}
