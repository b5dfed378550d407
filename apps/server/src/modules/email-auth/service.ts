/**
 * Email and password sign-in (docs/email-auth.md): registration (for the signed-in Telegram user, or a new user
 * through the referral gate), verification and password-reset codes sent through the email outbox, and login to
 * the same token pair as Telegram's. An email belongs to whoever proves it: a registration binds nothing until its
 * code is confirmed, and a later registration replaces it. Every email is normalized before any lookup; codes and
 * passwords are compared in constant time and never leave this module in plain text except inside a sealed
 * outbox mail.
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
import { issueTokens } from '../auth/service.ts'
import type { EmailKeys } from '../email-outbox/email-keys.ts'
import { insertOutboxMail } from '../email-outbox/repository.ts'
import type { MailPayload } from '../email-outbox/service.ts'
import type { MailTemplates } from '../email-outbox/templates.ts'
import { readSettings } from '../settings/repository.ts'
import { newUserFlags } from '../settings/settings-definitions.ts'
import { beginSignIn } from '../sign-in-guard/guard.ts'
import { passwordWeakness } from './password-strength.ts'
import {
  createEmailUser,
  deleteCodes,
  deletePendingRegistrationsOf,
  type EmailIdentity,
  findIdentityByEmail,
  findIdentityOfUser,
  lockCode,
  lockIdentityByEmail,
  markCodeUsed,
  markIdentityProven,
  recordWrongTry,
  replaceCode,
  setIdentityLanguage,
  setPasswordHash,
  upsertRegistration,
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

const emailNotFound = () => new DomainError(404, 'EMAIL_NOT_FOUND', 'Invalid email provided')
const invalidCredentials = () => new DomainError(401, 'INVALID_CREDENTIALS', 'Invalid email or password')
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
   * A new code for the identity, and its mail in the outbox, inside the caller's transaction: both commit or
   * neither. EMAIL_FLOOD when the previous code of this purpose is younger than the cooldown, or the email has
   * had its codes for the window.
   */
  async function issueCode(
    tx: Db,
    identity: Pick<EmailIdentity, 'id' | 'email'>,
    purpose: EmailCodePurpose,
    language: Language,
    newPasswordHash: string | null,
  ): Promise<void> {
    const at = now()
    const code = generateCode()
    const replaced = await replaceCode(tx, {
      identityId: identity.id,
      purpose,
      codeHash: hashCode(deps.emailKeys.codes, purpose, identity.id, code),
      newPasswordHash,
      now: at,
      expiresAt: new Date(at.getTime() + rules.codeTtlSeconds * 1000),
      cooldownCutoff: new Date(at.getTime() - rules.codeCooldownSeconds * 1000),
    })
    if (!replaced.ok) {
      const readyAt = replaced.previousAt.getTime() + rules.codeCooldownSeconds * 1000
      throw emailFlood(Math.max(1, Math.ceil((readyAt - at.getTime()) / 1000)))
    }
    const wait = await overLimit(tx, `email-code:email:${identity.email}`, rules.codesPerEmail)
    if (wait > 0) throw emailFlood(wait)
    const rendered = deps.mailTemplates.render(purpose, language, {
      code,
      minutes: Math.round(rules.codeTtlSeconds / 60),
    })
    const payload: MailPayload = { ...rendered, code }
    await insertOutboxMail(tx, {
      recipient: identity.email,
      kind: purpose,
      payload: seal(deps.emailKeys.outbox, JSON.stringify(payload)),
      now: at,
    })
  }

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
   * The registration's mailbox is proven: the identity is verified and bound to the registration's user. Made
   * while signed in, that is the user who asked (the caller checked the prover is them), unless they got another
   * email meanwhile (409). Made without a session, a new user, through the code the gate admitted at
   * registration only if that code still admits now (406 otherwise: revoked, or its owner lost canReferrer),
   * held against a revoke as Telegram sign-in holds it (docs/referrals.md). Throws to roll everything back.
   */
  async function prove(tx: Db, identity: EmailIdentity): Promise<void> {
    let userId = identity.requestedByUserId
    if (userId !== null) {
      const own = await findIdentityOfUser(tx, userId)
      if (own) throw emailAlreadySet(own.email)
    } else {
      const link =
        identity.referralLinkId === null
          ? undefined
          : await lockAdmittingReferralLink(tx, { linkId: identity.referralLinkId })
      if (!link) throw referralRequired()
      const user = await createEmailUser(tx, {
        referrerUserId: link.ownerUserId,
        referralLinkId: link.linkId,
        languageCode: identity.languageCode,
        flags: newUserFlags(await readSettings(tx)),
      })
      userId = user.id
    }
    await markIdentityProven(tx, identity.id, { userId, now: now() })
  }

  /** The code's tries left, read without counting one (a try that could not have proven anything). */
  async function triesLeft(tx: Db, identityId: number): Promise<number> {
    const stored = await lockCode(tx, identityId, 'verify')
    return stored ? Math.max(0, rules.maxCodeAttempts - stored.attempts) : 0
  }

  return {
    /**
     * POST /auth/register: a registration, which binds nothing until its code is confirmed. Signed in
     * (`sessionUser`): the email is to become that user's second way in. Otherwise the referral gate decides now
     * (406 without an admitting code) and again at verification. An email not proven yet blocks nobody: this
     * registration replaces any earlier one of it (whose code stops working); a proven email is 409.
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
          // One registration per signed-in user: their earlier one, of another email, gives way.
          await deletePendingRegistrationsOf(tx, sessionUser.id, email)
        }
        const id = await upsertRegistration(tx, {
          email,
          passwordHash,
          requestedByUserId: sessionUser?.id ?? null,
          referrerUserId: admitted?.ownerUserId ?? null,
          referralLinkId: admitted?.linkId ?? null,
          languageCode: who.language,
          now: now(),
        })
        if (id === undefined) {
          throw new DomainError(409, 'DUPLICATE_ENTRY', 'An account already exits with this email', {
            field: 'email',
            value: email,
          })
        }
        await deleteCodes(tx, id)
        await issueCode(tx, { id, email }, 'verify', who.language, null)
      })
      deps.mailQueued?.()
      return { email }
    },

    /** POST /auth/email-verification-request: a new code (the previous one stops working). */
    async requestVerification(body: { email: string }, who: Requester): Promise<void> {
      const email = normalizeEmail(body.email)
      await limitAddress(who.ip)
      const queued = await db.transaction(async (tx) => {
        const identity = await lockIdentityByEmail(tx, email)
        if (!identity) throw emailNotFound()
        // Verified already: nothing to prove, no mail (the answer is the same, 204).
        if (identity.verifiedAt) return false
        await setIdentityLanguage(tx, identity.id, who.language)
        await issueCode(tx, identity, 'verify', who.language, null)
        return true
      })
      if (queued) deps.mailQueued?.()
    },

    /**
     * POST /auth/email-verification-confirm. `prover` is the signed-in user who sent the code, if any. A
     * registration made while signed in is proven by that user only: anyone else (the address's owner, say)
     * proves nothing and spends no try. 406 when the registration's referral no longer admits (nothing spent).
     */
    async confirmVerification(
      body: { email: string; code: string },
      prover: AuthUser | undefined,
    ): Promise<void> {
      const email = normalizeEmail(body.email)
      const outcome = await db.transaction(async (tx): Promise<CodeOutcome> => {
        const identity = await lockIdentityByEmail(tx, email)
        if (!identity || identity.verifiedAt) return { ok: false, attemptsLeft: 0 }
        if (identity.requestedByUserId !== null && identity.requestedByUserId !== prover?.id) {
          return { ok: false, attemptsLeft: await triesLeft(tx, identity.id) }
        }
        const checked = await checkCode(tx, identity, 'verify', body.code)
        if (!checked.ok) return checked
        await prove(tx, identity)
        await markCodeUsed(tx, checked.codeId, now())
        return { ok: true }
      })
      if (!outcome.ok) {
        throw new DomainError(401, 'INVALID_CODE', 'Invalid OTP code', { attemptsLeft: outcome.attemptsLeft })
      }
    },

    /**
     * POST /auth/login: the same token pair (a new refresh family) as Telegram authorization. Unknown email and
     * wrong password are one answer, after the same argon2 work. Failures are counted per email and address and
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
      if (!attempt.admitted) throw tooManyRequests(attempt.wait)
      const identity = await findIdentityByEmail(db, email)
      const ok = identity
        ? await verifyPassword(identity.passwordHash, body.password)
        : await verifyAgainstDecoy(body.password, config.passwordCost)
      if (!identity || !ok) throw invalidCredentials()
      if (!identity.verifiedAt || identity.userId === null) {
        await attempt.succeeded({ signedIn: false })
        throw new DomainError(
          403,
          'EMAIL_NOT_VERIFIED',
          'Email not verified: confirm it with the code we sent',
        )
      }
      const user = await findUserById(db, identity.userId)
      if (!user) throw invalidCredentials()
      await attempt.succeeded({ signedIn: true })
      const { accessToken, refreshToken } = await issueTokens(deps, db, user)
      return { accessToken, refreshToken }
    },

    /**
     * POST /auth/password-reset-request: a code to the email; the new password waits, hashed, with the code. A
     * reset is for an account: an email not proven yet has none (404, as for an unknown email), so a reset never
     * completes, or joins, anyone's registration; its owner registers instead.
     */
    async requestPasswordReset(body: { email: string; newPassword: string }, who: Requester): Promise<void> {
      const email = normalizeEmail(body.email)
      await limitAddress(who.ip)
      await refuseWeakPassword(body.newPassword, email)
      if (!(await findIdentityByEmail(db, email))?.verifiedAt) throw emailNotFound()
      const newPasswordHash = await hashPassword(body.newPassword, config.passwordCost)
      await db.transaction(async (tx) => {
        const identity = await lockIdentityByEmail(tx, email)
        if (!identity?.verifiedAt) throw emailNotFound()
        await setIdentityLanguage(tx, identity.id, who.language)
        await issueCode(tx, identity, 'reset', who.language, newPasswordHash)
      })
      deps.mailQueued?.()
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
        await markCodeUsed(tx, checked.codeId, now())
        await setPasswordHash(tx, identity.id, checked.newPasswordHash, now())
        await revokeUserRefreshTokens(tx, identity.userId)
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
