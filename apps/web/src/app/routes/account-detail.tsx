import { useParams } from 'react-router'
import { AccountDetail } from '../../features/accounts/components/account-detail.tsx'
import { NotFoundScreen } from './not-found.tsx'
import '../../features/accounts/components/accounts.css'

/** Both shapes: /accounts/:accountUid and /invoices/:invoiceUid/accounts/:accountUid. */
export function AccountDetailRoute() {
  const { accountUid = '', invoiceUid } = useParams()
  return (
    <AccountDetail
      key={accountUid}
      accountUid={accountUid}
      invoiceUid={invoiceUid}
      notFound={<NotFoundScreen />}
    />
  )
}

export { AccountDetailRoute as Component }
