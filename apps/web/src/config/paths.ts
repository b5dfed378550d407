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
  accounts: '/accounts',
  accountsPending: '/accounts/pending',
  referrals: '/referrals',
  news: '/news',
} as const
