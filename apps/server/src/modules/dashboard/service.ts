import type { ChannelPromptEvent, ChannelStatus, Dashboard } from '@app/contract'
import type { Db } from '#db/client.ts'
import { formatUsdt2, usdtToWireNumber } from '#lib/money.ts'
import { type AccessTokenSigner, accessTokenRefused } from '../auth/access-tokens.ts'
import type { AuthUser } from '../auth/repository.ts'
import { cachedSettingsReader } from '../settings/repository.ts'
import type { ChannelMembershipChecker } from './channel-membership.ts'
import { findPromptMemory, forgetJoinPress, recordPromptEvent, shouldPrompt } from './channel-prompt.ts'
import { findDashboardFigures } from './repository.ts'

export type DashboardServiceDeps = {
  db: Db
  channelMembership: ChannelMembershipChecker
  accessTokens: AccessTokenSigner
  now: () => Date
}
export function createDashboardService({ db, channelMembership, accessTokens, now }: DashboardServiceDeps) {
  // Read on every launch of the mini-app: kept for a second (docs/resilience.md, 'Load').
  const currentSettings = cachedSettingsReader(db)
  return {
    /**
     * The dashboard of the access token's user. It checks the token itself and reads the user's existence and block
     * in its own statement, in place of `app.authenticate`'s read (docs/resilience.md, 'Load'): an unknown or
     * blocked user is a 401 all the same.
     */
    async get(accessToken: string): Promise<Dashboard> {
      const uid = accessTokens.verify(accessToken)
      if (uid === undefined) throw accessTokenRefused()
      // The settings (kept for a second) and everything about the user (one statement), side by side.
      const [settings, figures] = await Promise.all([currentSettings(), findDashboardFigures(db, uid)])
      if (!figures) throw accessTokenRefused()
      const { user, available, accountCount, referralsCount, unseenNews, supportUnread } = figures
      const min = settings.min_payment_limit
      const max = settings.max_payment_limit
      return {
        order: { isOpen: settings.order_open },
        user,
        invoice: {
          isPaymentOpen: settings.payment_open,
          isPaymentOpenIrt: settings.toman_payment_open,
          isPaymentAvailable: settings.payment_open && available > 0n && available >= min && available <= max,
          paymentAvailable: usdtToWireNumber(available),
          paymentAvailableF: formatUsdt2(available),
          minPaymentLimit: usdtToWireNumber(min),
          maxPaymentLimit: usdtToWireNumber(max),
        },
        account: { count: accountCount },
        referralsCount,
        news: { unseenCount: unseenNews },
        supportUnread,
      }
    },

    /**
     * The check, and whether to prompt as the user's memory says (channel-prompt.ts). A user without a Telegram id
     * (joined by email) cannot be checked: counted as not joined.
     */
    async channelStatus({ id, telegramId }: AuthUser): Promise<ChannelStatus> {
      const { channel_username: channelUsername } = await currentSettings()
      if (channelUsername === null) return { channelUsername: null, isUserJoined: true, prompt: false }
      const [isUserJoined, memory] = await Promise.all([
        telegramId === null ? false : channelMembership.isMember(channelUsername, telegramId),
        findPromptMemory(db, id),
      ])
      if (isUserJoined && memory.joinPressedAt !== null) await forgetJoinPress(db, id)
      return { channelUsername, isUserJoined, prompt: shouldPrompt(memory, isUserJoined, now()) }
    },

    /** The mini-app showed the prompt, or the user pressed 'Join Channel'. */
    async recordChannelPrompt(userId: number, event: ChannelPromptEvent): Promise<void> {
      await recordPromptEvent(db, userId, event, now())
    },
  }
}
