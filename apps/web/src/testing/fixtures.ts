import type { ChannelStatus, Dashboard } from '@app/contract'

/** Shaped by the contract types, so a contract change breaks the fixtures at compile time. */
export function dashboardFixture(overrides: { canReferrer?: boolean } = {}): Dashboard {
  return {
    order: { isOpen: true },
    user: {
      canAddAccount: true,
      canRegisterAccount: true,
      canReferrer: overrides.canReferrer ?? false,
      referrerTelegramId: null,
    },
    invoice: {
      isPaymentOpen: true,
      isPaymentOpenIrt: false,
      isPaymentAvailable: true,
      paymentAvailable: 12.5,
      paymentAvailableF: '12.50',
      minPaymentLimit: 5,
      maxPaymentLimit: 1000,
    },
    account: { count: 3 },
    referralsCount: 2,
  }
}

export function channelStatusFixture(overrides: Partial<ChannelStatus> = {}): ChannelStatus {
  return { channelUsername: null, isUserJoined: false, ...overrides }
}

export const TOKENS = { accessToken: 'access-1', refreshToken: 'refresh-1' }
export const FRESH_TOKENS = { accessToken: 'access-2', refreshToken: 'refresh-2' }
