import { useParams, useSearchParams } from 'react-router'
import { accountsListPlace } from '#config/paths.ts'
import { AccountDetail } from '#features/accounts/components/account-detail.tsx'
import { NotFoundScreen } from './not-found.tsx'
import '#features/accounts/components/accounts.css'

/** Both shapes: /accounts/:accountUid and /invoices/:invoiceUid/accounts/:accountUid. */
export function AccountDetailRoute() {
  const { accountUid = '', invoiceUid } = useParams()
  const [query] = useSearchParams()
  return (
    <AccountDetail
      key={accountUid}
      accountUid={accountUid}
      invoiceUid={invoiceUid}
      from={accountsListPlace(query)}
      notFound={<NotFoundScreen />}
    />
  )
}

export { AccountDetailRoute as Component }
