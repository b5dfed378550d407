import { useQuery } from '@tanstack/react-query'
import { Outlet, useLocation } from 'react-router'
import { Page } from '#components/layout/page.tsx'
import { Tabs } from '#components/ui/tabs.tsx'
import { AccountsActions, hasAccountsActions } from '#features/accounts/components/accounts-actions.tsx'
import { AccountsSearch } from '#features/accounts/components/accounts-search.tsx'
import { dashboardQueryOptions } from '#features/dashboard/api/get-dashboard.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import '#features/accounts/components/accounts.css'

/**
 * /accounts: search box, status tabs (pending, accepted, rejected; each a child route), the list, and the
 * Register/Login buttons the dashboard flags allow. Tab and search live in the URL.
 */
export function AccountsLayout() {
  const { t } = useTranslation('accounts')
  const { search } = useLocation()
  const dashboard = useQuery(dashboardQueryOptions()).data
  const tabs = [
    { to: '/accounts/pending', label: t('accounts.tabs.pending') },
    { to: '/accounts/accepted', label: t('accounts.tabs.accepted') },
    { to: '/accounts/rejected', label: t('accounts.tabs.rejected') },
  ]
  const flags = dashboard
    ? {
        isOpen: dashboard.order.isOpen,
        canRegisterAccount: dashboard.user.canRegisterAccount,
        canAddAccount: dashboard.user.canAddAccount,
      }
    : null
  const actions = flags && hasAccountsActions(flags) ? <AccountsActions flags={flags} /> : undefined
  return (
    <Page title={t('accounts.title')} testId="accounts" actions={actions}>
      <AccountsSearch />
      <Tabs items={tabs} label={t('accounts.tabs.label')} search={search} />
      <Outlet />
    </Page>
  )
}

export { AccountsLayout as Component }
