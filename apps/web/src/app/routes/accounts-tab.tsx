import type { AccountStatus } from '@app/contract'
import { useLocation, useSearchParams } from 'react-router'
import { tabListParams } from '../../features/accounts/api/get-accounts.ts'
import { AccountList } from '../../features/accounts/components/account-list.tsx'

const STATUSES: readonly AccountStatus[] = ['pending', 'accepted', 'rejected']

/** One status tab of /accounts: the path names the status, `?search=` the phone substring. */
export function AccountsTab() {
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const segment = pathname.split('/').filter(Boolean).pop()
  const status = STATUSES.find((value) => value === segment) ?? 'pending'
  const search = params.get('search') ?? ''
  return <AccountList key={status} params={tabListParams(status, search)} />
}

export { AccountsTab as Component }
