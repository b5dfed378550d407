import type { Account, ChannelStatus, Dashboard } from '@app/contract'

/** Shaped by the contract types, so a contract change breaks the fixtures at compile time. */
export function dashboardFixture(
  overrides: {
    canReferrer?: boolean
    isOpen?: boolean
    canAddAccount?: boolean
    canRegisterAccount?: boolean
    unseenNews?: number
    supportUnread?: number
    phoneCountry?: string | null
  } = {},
): Dashboard {
  return {
    order: { isOpen: overrides.isOpen ?? true },
    user: {
      canAddAccount: overrides.canAddAccount ?? true,
      canRegisterAccount: overrides.canRegisterAccount ?? true,
      canReferrer: overrides.canReferrer ?? false,
      referrerTelegramId: null,
      email: null,
      phoneCountry: overrides.phoneCountry ?? null,
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
    news: { unseenCount: overrides.unseenNews ?? 0 },
    supportUnread: overrides.supportUnread ?? 0,
  }
}

export function channelStatusFixture(overrides: Partial<ChannelStatus> = {}): ChannelStatus {
  return { channelUsername: null, isUserJoined: false, prompt: false, ...overrides }
}

export const TOKENS = { accessToken: 'access-1', refreshToken: 'refresh-1' }
export const FRESH_TOKENS = { accessToken: 'access-2', refreshToken: 'refresh-2' }

let accountSeq = 0

/** An account as GET /accounts answers it: an accepted, validated, unlimited login account by default. */
export function accountFixture(overrides: Partial<Account> = {}): Account {
  accountSeq += 1
  const n = String(accountSeq).padStart(4, '0')
  return {
    uid: `0b0e6a8e-5f6d-4c1e-9a53-3f0c2d1e${n}`,
    phone: `+4477009${n.slice(1)}`,
    formattedPhone: `+44 7700 9${n.slice(1)}`,
    flag: '/flags/gb.svg',
    country: 'GB',
    price: 1.5,
    net: 1.5,
    limitDiscount: 0,
    status: 'accepted',
    checkLimitStatus: true,
    limitStatus: 'not_limited',
    validationStatus: 'success',
    validationAt: 1_700_000_000,
    submitType: 'login',
    invoice_id: null,
    validation: { status: 'success', check2Fa: true, checkAuthorization: true, checkFreeze: false },
    checkSingleAuthorization: true,
    check2Fa: true,
    checkAuthorization: true,
    checkConnection: true,
    checkChats: true,
    checkFreeze: false,
    checkSendMessage: true,
    checkAddContact: true,
    createdAt: 1_699_990_000,
    ...overrides,
  }
}

export function accountPage(items: Account[], nextPage: string | null = null) {
  return { items, nextPage, previousPage: null }
}
