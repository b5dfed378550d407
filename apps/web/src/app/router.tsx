import type { Namespace } from '@app/contract'
import { type ComponentType, lazy, type ReactElement, useMemo } from 'react'
import { type RouteObject, useRoutes } from 'react-router'
import type { I18n } from '#lib/i18n.ts'
import { AuthenticatedLayout } from './authenticated-layout.tsx'
import { RootLayout } from './root-layout.tsx'
// The first screen (authorizing, then home) ships in the entry chunk: no request waterfall before it shows.
import { Component as DashboardRoute } from './routes/dashboard.tsx'
import { Component as TelegramAuthRoute } from './routes/telegram-auth.tsx'

type RouteModule = { Component: ComponentType }

type LoadNamespaces = (namespaces: Namespace[]) => Promise<unknown>

/**
 * Route tree of spec section 2. Declarative routes with React.lazy: the data router would add to the first screen
 * (docs/measurements/delivery.md) and we use none of its loaders or actions. Every other screen is its own chunk and
 * starts loading its translation namespace in parallel with its code.
 */
function createRoutes(loadNamespaces: LoadNamespaces): RouteObject[] {
  const screen = (load: () => Promise<RouteModule>, namespaces: Namespace[] = []): ReactElement => {
    const Screen = lazy(async () => {
      const [module] = await Promise.all([load(), loadNamespaces(namespaces).catch(() => undefined)])
      return { default: module.Component }
    })
    return <Screen />
  }

  const accountsTab = () => screen(() => import('./routes/accounts-tab.tsx'), ['accounts'])
  const accountsIndex = () =>
    screen(
      async () => ({ Component: (await import('./routes/accounts-tab.tsx')).AccountsIndex }),
      ['accounts'],
    )
  const accountDetail = () => screen(() => import('./routes/account-detail.tsx'), ['accounts'])
  /** The submit wizard and sign-up steps share one chunk. */
  type SubmissionScreen = Exclude<keyof typeof import('./routes/account-submission.tsx'), 'default'>
  const submission = (name: SubmissionScreen) =>
    screen(async () => ({ Component: (await import('./routes/account-submission.tsx'))[name] }), ['accounts'])
  /** The invoice list and detail share one chunk; the payment request screens (methods, forms, transaction) another. */
  type InvoicesScreen = Exclude<keyof typeof import('./routes/invoices.tsx'), 'default'>
  const invoices = (name: InvoicesScreen) =>
    screen(async () => ({ Component: (await import('./routes/invoices.tsx'))[name] }), ['invoices'])
  /** The email sign-in screens share one chunk. */
  type EmailAuthScreen = Exclude<keyof typeof import('./routes/email-auth.tsx'), 'default'>
  const emailAuth = (name: EmailAuthScreen) =>
    screen(async () => ({ Component: (await import('./routes/email-auth.tsx'))[name] }), ['auth'])
  type PaymentRequestScreen = Exclude<keyof typeof import('./routes/payment-requests.tsx'), 'default'>
  const paymentRequests = (name: PaymentRequestScreen) =>
    screen(async () => ({ Component: (await import('./routes/payment-requests.tsx'))[name] }), ['payments'])

  return [
    {
      element: <RootLayout />,
      children: [
        // Public
        { path: 'telegram-auth', element: <TelegramAuthRoute /> },
        { path: 'login', element: emailAuth('Login') },
        { path: 'register', element: emailAuth('Register') },
        { path: 'email-verification-confirm', element: emailAuth('EmailVerificationConfirm') },
        { path: 'password-reset-request', element: emailAuth('PasswordResetRequest') },
        { path: 'password-reset-confirm', element: emailAuth('PasswordResetConfirm') },
        // Support takes a blocked user too (Telegram's init data instead of tokens): outside the signed-in layout.
        { path: 'support', element: screen(() => import('./routes/support.tsx'), ['support']) },
        // Behind sign-in (Telegram, or email in a plain browser)
        {
          element: <AuthenticatedLayout />,
          children: [
            { index: true, element: <DashboardRoute /> },
            {
              path: 'invoices',
              children: [
                { index: true, element: invoices('InvoiceList') },
                {
                  path: ':invoiceUid',
                  children: [
                    { index: true, element: invoices('InvoiceDetail') },
                    { path: 'select-method', element: paymentRequests('SelectMethod') },
                    { path: 'request-payment', element: paymentRequests('RequestPaymentTrx') },
                    { path: 'request-payment-crypto', element: paymentRequests('RequestPaymentCrypto') },
                    { path: 'request-payment-irt', element: paymentRequests('RequestPaymentIrt') },
                    { path: 'transactions/:transactionUid', element: paymentRequests('TransactionDetail') },
                    { path: 'accounts/:accountUid', element: accountDetail() },
                  ],
                },
              ],
            },
            {
              path: 'accounts',
              children: [
                {
                  element: screen(() => import('./routes/accounts-layout.tsx'), ['accounts']),
                  children: [
                    { index: true, element: accountsIndex() },
                    { path: 'pending', element: accountsTab() },
                    { path: 'accepted', element: accountsTab() },
                    { path: 'rejected', element: accountsTab() },
                  ],
                },
                { path: 'submit-account-phone', element: submission('SubmitPhone') },
                { path: 'submit-account-email', element: submission('SubmitEmail') },
                { path: 'submit-account-email-code', element: submission('SubmitEmailCode') },
                { path: 'submit-account-code', element: submission('SubmitCode') },
                { path: 'submit-account-password', element: submission('SubmitPassword') },
                { path: 'auth/send-code', element: submission('SignupSendCode') },
                { path: 'auth/setup-login-email', element: submission('SignupSetupEmail') },
                { path: 'auth/verify-login-email', element: submission('SignupVerifyEmail') },
                { path: 'auth/signup', element: submission('Signup') },
                { path: ':accountUid', element: accountDetail() },
              ],
            },
            { path: 'referrals', element: screen(() => import('./routes/referrals.tsx'), ['referrals']) },
            { path: 'transactions/:transactionUid', element: paymentRequests('TransactionDetail') },
            { path: 'news', element: screen(() => import('./routes/news.tsx'), ['news']) },
          ],
        },
        { path: '*', element: screen(() => import('./routes/not-found.tsx')) },
      ],
    },
  ]
}

/** Takes the i18n instance rather than `useTranslation`: the routes must not wait for a locale file. */
export function AppRoutes({ i18n }: { i18n: I18n }) {
  const routes = useMemo(() => createRoutes((namespaces) => i18n.loadNamespaces(namespaces)), [i18n])
  return useRoutes(routes)
}
