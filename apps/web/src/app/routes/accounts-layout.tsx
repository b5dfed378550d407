import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { Page } from '../../components/layout/page.tsx'
import { Tabs } from '../../components/ui/tabs.tsx'

/** /accounts: the status tabs live in the URL (pending, accepted, rejected); each tab is a child route. */
export function AccountsLayout() {
  const { t } = useTranslation('accounts')
  const tabs = [
    { to: '/accounts/pending', label: t('accounts.tabs.pending') },
    { to: '/accounts/accepted', label: t('accounts.tabs.accepted') },
    { to: '/accounts/rejected', label: t('accounts.tabs.rejected') },
  ]
  return (
    <Page title={t('accounts.title')} testId="accounts">
      <Tabs items={tabs} label={t('accounts.tabs.label')} />
      <Outlet />
    </Page>
  )
}

export { AccountsLayout as Component }
