export const ACCOUNT_TABS = ['pending', 'accepted', 'rejected'] as const
export type AccountTab = (typeof ACCOUNT_TABS)[number]

/**
 * Where in the accounts list an account was opened: its tab and search. They ride in the account's URL and in
 * the back target, `/accounts?tab=rejected&search=0115`, which opens that tab with that search (back restores
 * the list as it was; it is still the spec's '/accounts').
 */
export type AccountsListPlace = { tab: AccountTab; search: string }

function listPlaceQuery({ tab, search }: AccountsListPlace): string {
  const query = new URLSearchParams({ tab })
  if (search) query.set('search', search)
  return `?${query}`
}

/** The list place a URL's query names (`?tab=&search=`); none when it names no known tab. */
export function accountsListPlace(query: URLSearchParams): AccountsListPlace | null {
  const tab = ACCOUNT_TABS.find((known) => known === query.get('tab'))
  return tab ? { tab, search: query.get('search') ?? '' } : null
}

/** Every route path of spec section 2, in one place so links and the router agree. */
export const paths = {
  home: '/',
  telegramAuth: '/telegram-auth',
  login: '/login',
  register: '/register',
  emailVerificationConfirm: '/email-verification-confirm',
  passwordResetRequest: '/password-reset-request',
  passwordResetConfirm: '/password-reset-confirm',
  invoices: '/invoices',
  invoice: (invoiceUid: string) => `/invoices/${invoiceUid}`,
  selectMethod: (invoiceUid: string) => `/invoices/${invoiceUid}/select-method`,
  requestPaymentTrx: (invoiceUid: string) => `/invoices/${invoiceUid}/request-payment`,
  requestPaymentCrypto: (invoiceUid: string) => `/invoices/${invoiceUid}/request-payment-crypto`,
  requestPaymentIrt: (invoiceUid: string) => `/invoices/${invoiceUid}/request-payment-irt`,
  invoiceTransaction: (invoiceUid: string, transactionUid: string) =>
    `/invoices/${invoiceUid}/transactions/${transactionUid}`,
  transaction: (transactionUid: string) => `/transactions/${transactionUid}`,
  accounts: '/accounts',
  /** /accounts, or /accounts?tab=&search= to return to that place of the list. */
  accountsAt: (place: AccountsListPlace | null) => `/accounts${place ? listPlaceQuery(place) : ''}`,
  accountsTab: ({ tab, search }: AccountsListPlace) =>
    `/accounts/${tab}${search ? `?${new URLSearchParams({ search })}` : ''}`,
  account: (accountUid: string, from?: AccountsListPlace) =>
    `/accounts/${accountUid}${from ? listPlaceQuery(from) : ''}`,
  invoiceAccount: (invoiceUid: string, accountUid: string) =>
    `/invoices/${invoiceUid}/accounts/${accountUid}`,
  submitAccountPhone: '/accounts/submit-account-phone',
  submitAccountEmail: '/accounts/submit-account-email',
  submitAccountEmailCode: '/accounts/submit-account-email-code',
  submitAccountCode: '/accounts/submit-account-code',
  submitAccountPassword: '/accounts/submit-account-password',
  signupSendCode: '/accounts/auth/send-code',
  signupSetupLoginEmail: '/accounts/auth/setup-login-email',
  signupVerifyLoginEmail: '/accounts/auth/verify-login-email',
  signup: '/accounts/auth/signup',
  referrals: '/referrals',
  news: '/news',
  support: '/support',
} as const
