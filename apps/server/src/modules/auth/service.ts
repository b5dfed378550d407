/**
 * Authentication rules: Telegram authorization (with the referral gate for new users),
 * refresh-token rotation with reuse detection, and access-token checks.
 */
import { randomUUID } from 'node:crypto'
import type { Language, TokenPair } from '@app/contract'
import type { Db } from '#db/client.ts'
import { DomainError, unauthorized } from '#lib/domain-error.ts'
import type { Config } from '#src/config.ts'
import { markWriteAllowed } from '../bot-outbox/queue.ts'
import { readSettings } from '../settings/repository.ts'
import { newUserFlags } from '../settings/settings-definitions.ts'
import { type AccessTokenSigner, accessTokenRefused } from './access-tokens.ts'
import { checkInitData, type InitDataFailure } from './init-data.ts'
import { generateRefreshToken, hashRefreshToken } from './refresh-tokens.ts'
import {
  type AuthUser,
  consumeRefreshToken,
  createTelegramUser,
  findRefreshToken,
  findUserById,
  findUserByUid,
  insertRefreshToken,
  lockAdmittingReferralLink,
  revokeRefreshTokenFamily,
  setReplacedBy,
  setUserLanguage,
  type TelegramProfile,
  updateTelegramProfile,
} from './repository.ts'

/** Whether init data's user allowed the bot to write to them (`allows_write_to_pm`). */
function allowsWriteToPm(userField: string | undefined): boolean {
  try {
    return (JSON.parse(userField ?? '{}') as { allows_write_to_pm?: unknown }).allows_write_to_pm === true
  } catch {
    return false
  }
}

export type AuthServiceDeps = {
  db: Db
  now: () => Date
  botToken: string
  accessTokens: AccessTokenSigner
  config: Pick<Config, 'authMaxAgeSeconds' | 'refreshTokenTtlSeconds'>
}

const INIT_DATA_MESSAGES: Record<InitDataFailure, string> = {
  malformed: 'Telegram init data is malformed',
  missing_hash: 'Telegram init data is not signed',
  bad_signature: 'Telegram init data signature is invalid',
  expired: 'Telegram init data has expired',
  from_future: 'Telegram init data is dated in the future',
  no_user: 'Telegram init data has no valid user',
}

const referralRequired = () =>
  new DomainError(406, 'REFERRAL_REQUIRED', 'Only users with a referral link can access the bot')

/** No spec text for it: the operators' decision, said plainly (docs/console.md, 'Blocking users'). */
export const userBlocked = () =>
  new DomainError(403, 'USER_BLOCKED', 'This account has been blocked. Please contact support.')

export type AuthService = ReturnType<typeof createAuthService>

export type TokenIssuingDeps = Pick<AuthServiceDeps, 'now' | 'accessTokens'> & {
  config: Pick<Config, 'refreshTokenTtlSeconds'>
}

/**
 * A token pair for `user`: the access token, and a refresh token of `familyId` (a new sign-in starts a family,
 * a rotation continues one). Every sign-in (Telegram, email) goes through here.
 */
export async function issueTokens(
  deps: TokenIssuingDeps,
  dbOrTx: Db,
  user: Pick<AuthUser, 'id' | 'uid'>,
  familyId: string = randomUUID(),
): Promise<TokenPair & { id: number }> {
  const refreshToken = generateRefreshToken()
  const id = await insertRefreshToken(dbOrTx, {
    userId: user.id,
    familyId,
    tokenHash: hashRefreshToken(refreshToken),
    expiresAt: new Date(deps.now().getTime() + deps.config.refreshTokenTtlSeconds * 1000),
  })
  return { id, accessToken: await deps.accessTokens.sign(user.uid), refreshToken }
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, now } = deps

  /** First code that admits a new user (the signed start_param first, then the body's code), held by `tx`. */
  async function lockReferrer(
    tx: Db,
    codes: (string | null | undefined)[],
  ): Promise<{ ownerUserId: number | null; linkId: number }> {
    for (const code of codes) {
      if (!code) continue
      const link = await lockAdmittingReferralLink(tx, { code })
      if (link) return link
    }
    throw referralRequired()
  }

  /**
   * A new user through a code that admits (406 otherwise), with the operators' default flags. The check and the
   * insert are one transaction holding the link: a revoke that committed first refuses the user, one that comes
   * later waits for the user to exist (docs/referrals.md, 'The gate').
   */
  async function admitNewUser(
    profile: TelegramProfile,
    codes: (string | null | undefined)[],
  ): Promise<AuthUser> {
    const flags = newUserFlags(await readSettings(db))
    return db.transaction(async (tx) => {
      const { ownerUserId, linkId } = await lockReferrer(tx, codes)
      return createTelegramUser(tx, profile, ownerUserId, flags, linkId)
    })
  }

  return {
    /**
     * The language the app shows at this launch (its choice: in Telegram the init data's language_code by the
     * product's one rule). Sign-in records the init data's; a relaunch with stored tokens signs in no more, so the
     * app tells it here, and the bot follows what the user uses now (docs/bot.md, 'Language').
     */
    async setLanguage(userId: number, language: Language): Promise<void> {
      await setUserLanguage(db, userId, language)
    },

    async authorizeTelegram(initData: string, referralCode: string | undefined): Promise<TokenPair> {
      const checked = checkInitData(initData, deps.botToken, deps.config.authMaxAgeSeconds, now())
      if (!checked.ok) throw unauthorized(INIT_DATA_MESSAGES[checked.reason])
      const { user: tg, startParam } = checked.data
      const profile: TelegramProfile = {
        telegramId: tg.id,
        firstName: tg.firstName,
        lastName: tg.lastName,
        username: tg.username,
        languageCode: tg.languageCode,
      }
      // An existing user just signs in: a code never changes their referrer (and never admits them twice). A
      // blocked one gets no tokens: they would be refused at once, and the app would sign in again and again.
      const existing = await updateTelegramProfile(db, profile)
      if (existing?.blocked) throw userBlocked()
      const user = existing ?? (await admitNewUser(profile, [startParam, referralCode]))
      // The bot may write to users whose init data allows it (docs/bot.md).
      if (allowsWriteToPm(checked.data.fields.user)) await markWriteAllowed(db, tg.id, now())
      const { accessToken, refreshToken } = await issueTokens(deps, db, user)
      return { accessToken, refreshToken }
    },

    /**
     * Rotates a refresh token. A token presented a second time means it leaked (or a client raced):
     * the whole family is revoked, so the thief's and the owner's tokens both stop working.
     */
    async refresh(presented: string): Promise<TokenPair> {
      const tokenHash = hashRefreshToken(presented)
      const outcome = await db.transaction(async (tx) => {
        const consumed = await consumeRefreshToken(tx, tokenHash)
        if (!consumed) return { kind: 'refused' as const }
        const user = await findUserById(tx, consumed.userId)
        if (!user) return { kind: 'refused' as const }
        const next = await issueTokens(deps, tx, user, consumed.familyId)
        await setReplacedBy(tx, consumed.id, next.id)
        return {
          kind: 'rotated' as const,
          pair: { accessToken: next.accessToken, refreshToken: next.refreshToken },
        }
      })
      if (outcome.kind === 'rotated') return outcome.pair
      // Decided outside the rotation transaction, so the revocation commits even though we answer 401.
      const known = await findRefreshToken(db, tokenHash)
      if (known?.usedAt) await revokeRefreshTokenFamily(db, known.familyId)
      throw unauthorized('Refresh token is invalid or expired')
    },

    /**
     * Signs out: the session of `presented` (its refresh family, every token rotated from the first) is revoked,
     * so none of them refreshes again; its access token ends within its own short life. A token nobody issued
     * ends nothing, and is answered alike.
     */
    async logout(presented: string): Promise<void> {
      const known = await findRefreshToken(db, hashRefreshToken(presented))
      if (known) await revokeRefreshTokenFamily(db, known.familyId)
    },

    /** The user an access token belongs to, or a 401. */
    async authenticate(accessToken: string): Promise<AuthUser> {
      const uid = deps.accessTokens.verify(accessToken)
      const user = uid === undefined ? undefined : await findUserByUid(db, uid)
      if (!user) throw accessTokenRefused()
      return user
    },
  }
}
