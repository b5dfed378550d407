/**
 * The referral program as the user sees it: their link (made on first use, replaced on refresh), how many joined
 * through it, and what they earned. Who may refer is the user's `canReferrer` (operators set it).
 */
import type { ReferralEarningsStats, ReferralLink, ReferralStats } from '@app/contract'
import type { Db } from '#db/client.ts'
import { DomainError } from '#lib/domain-error.ts'
import { usdtToWireNumber } from '#lib/money.ts'
import type { Config } from '#src/config.ts'
import { insertReferralCode } from '../invites/repository.ts'
import { generateInviteCode } from '../invites/service.ts'
import { earningTotals } from './earnings-repository.ts'
import { countReferredUsers, findLiveCode, lockReferrer, revokeLiveCode } from './repository.ts'

export type ReferralServiceDeps = { db: Db; config: Pick<Config, 'referralLink'> }

const referralNotAllowed = () =>
  new DomainError(403, 'REFERRAL_NOT_ALLOWED', 'You cannot refer users; an operator decides who may')

/** The Telegram deep link that opens the mini-app with the code as start parameter. */
export function referralLinkOf(code: string, settings: Config['referralLink']): ReferralLink {
  const path = settings.miniAppShortName
    ? `${settings.botUsername}/${settings.miniAppShortName}`
    : settings.botUsername
  return { link: `https://t.me/${path}?startapp=${encodeURIComponent(code)}`, code }
}

export function createReferralService({ db, config }: ReferralServiceDeps) {
  /** Inside a transaction that locked the user: a fresh code, drawn again on the (rare) collision. */
  async function issueCode(tx: Db, userId: number): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = generateInviteCode()
      if (await insertReferralCode(tx, code, userId)) return code
    }
    throw new Error('could not generate a unique referral code')
  }

  /** The live code, made now when the user has none yet; 403 when the user may not refer. */
  async function liveCode(userId: number, refresh: boolean): Promise<string> {
    return db.transaction(async (tx) => {
      const user = await lockReferrer(tx, userId)
      if (!user?.canReferrer) throw referralNotAllowed()
      if (refresh) await revokeLiveCode(tx, userId)
      else {
        const live = await findLiveCode(tx, userId)
        if (live !== undefined) return live
      }
      return issueCode(tx, userId)
    })
  }

  return {
    async stats(userId: number): Promise<ReferralStats> {
      const code = await liveCode(userId, false)
      return {
        referralLink: referralLinkOf(code, config.referralLink),
        referralCount: await countReferredUsers(db, userId),
      }
    },

    /** The spec's Revoke: the live code stops admitting at once; people who joined stay linked. */
    async refresh(userId: number): Promise<{ referralLink: ReferralLink }> {
      return { referralLink: referralLinkOf(await liveCode(userId, true), config.referralLink) }
    },

    /** What the user earned from referrals, and the part already paid (USDT, 2 decimals). */
    async earningsStats(userId: number): Promise<ReferralEarningsStats> {
      const { total, paid } = await earningTotals(db, userId)
      return { totalAmount: usdtToWireNumber(total), paidAmount: usdtToWireNumber(paid) }
    },
  }
}
