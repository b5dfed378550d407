import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useParams } from 'react-router'
import { dashboardKeys, dashboardQueryOptions } from '../../features/dashboard/api/get-dashboard.ts'
import { invoiceKeys } from '../../features/invoices/api/invoice-keys.ts'
import { RequestPaymentCryptoScreen } from '../../features/payments/components/request-payment-crypto-screen.tsx'
import { RequestPaymentIrtScreen } from '../../features/payments/components/request-payment-irt-screen.tsx'
import { RequestPaymentTrxScreen } from '../../features/payments/components/request-payment-trx-screen.tsx'
import { SelectMethodScreen } from '../../features/payments/components/select-method-screen.tsx'
import { TransactionDetail as TransactionDetailScreen } from '../../features/payments/components/transaction-detail.tsx'
import { NotFoundScreen } from './not-found.tsx'
import '../../features/payments/components/payments.css'

/**
 * Payout screens: method selection, the TRX, USDT and toman forms, the transaction detail. They meet the
 * dashboard (toman switch, balance) and the invoices (payment status) here, never by importing them.
 */
function useRefreshAfterPaymentRequest() {
  const queryClient = useQueryClient()
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.summary() }),
      ]),
    [queryClient],
  )
}

export function SelectMethod() {
  const { invoiceUid = '' } = useParams()
  const queryClient = useQueryClient()
  // The flags load with the screen; choosing toman reads them again (the dashboard is fresh for 5 ms only, and a
  // fetch already under way is shared), so the switch is the server's at the moment of the choice.
  useQuery(dashboardQueryOptions())
  const isTomanOpen = useCallback(
    () =>
      queryClient.fetchQuery(dashboardQueryOptions()).then((dashboard) => dashboard.invoice.isPaymentOpenIrt),
    [queryClient],
  )
  return <SelectMethodScreen invoiceUid={invoiceUid} isTomanOpen={isTomanOpen} />
}

export function RequestPaymentTrx() {
  const { invoiceUid = '' } = useParams()
  return <RequestPaymentTrxScreen invoiceUid={invoiceUid} onSettled={useRefreshAfterPaymentRequest()} />
}

export function RequestPaymentCrypto() {
  const { invoiceUid = '' } = useParams()
  return <RequestPaymentCryptoScreen invoiceUid={invoiceUid} onSettled={useRefreshAfterPaymentRequest()} />
}

export function RequestPaymentIrt() {
  const { invoiceUid = '' } = useParams()
  return <RequestPaymentIrtScreen invoiceUid={invoiceUid} onSettled={useRefreshAfterPaymentRequest()} />
}

/** Both shapes: /transactions/:transactionUid and /invoices/:invoiceUid/transactions/:transactionUid. */
export function TransactionDetail() {
  const { transactionUid = '', invoiceUid } = useParams()
  return (
    <TransactionDetailScreen
      key={transactionUid}
      transactionUid={transactionUid}
      invoiceUid={invoiceUid}
      notFound={<NotFoundScreen />}
    />
  )
}
