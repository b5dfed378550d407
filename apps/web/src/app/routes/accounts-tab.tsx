import { Navigate, useLocation, useSearchParams } from 'react-router'
import { ACCOUNT_TABS, accountsListPlace, paths } from '#config/paths.ts'
import { tabListParams } from '#features/accounts/api/get-accounts.ts'
import { AccountList } from '#features/accounts/components/account-list.tsx'

/** One status tab of /accounts: the path names the status, `?search=` the phone substring. */
export function AccountsTab() {
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const segment = pathname.split('/').filter(Boolean).pop()
  const tab = ACCOUNT_TABS.find((value) => value === segment) ?? 'pending'
  const search = params.get('search') ?? ''
  return <AccountList key={tab} params={tabListParams(tab, search)} from={{ tab, search }} />
}

/**
 * /accounts opens a tab: the one `?tab=` names, with its `?search=` (back from an account returns there, see
 * `paths.accountsAt`), otherwise Pending.
 */
export function AccountsIndex() {
  const [query] = useSearchParams()
  const place = accountsListPlace(query) ?? { tab: 'pending', search: query.get('search') ?? '' }
  return <Navigate to={paths.accountsTab(place)} replace />
}

export { AccountsTab as Component }
