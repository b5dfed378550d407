import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useParams } from 'react-router'
import { dashboardKeys, dashboardQueryOptions } from '#features/dashboard/api/get-dashboard.ts'
import { invoiceQueryOptions } from '#features/invoices/api/get-invoice.ts'
import { invoiceKeys } from '#features/invoices/api/invoice-keys.ts'
import { RequestPaymentIrtScreen } from '#features/payment-requests/components/request-payment-irt-screen.tsx'
import { RequestPaymentWalletScreen } from '#features/payment-requests/components/request-payment-wallet-screen.tsx'
import { SelectMethodScreen } from '#features/payment-requests/components/select-method-screen.tsx'
import { TransactionDetail as TransactionDetailScreen } from '#features/payment-requests/components/transaction-detail.tsx'
import { NotFoundScreen } from './not-found.tsx'
import '#features/payment-requests/components/payment-requests.css'

/**
 * Payout screens: method selection, the TRX, USDT and toman forms, the transaction detail. They meet the
 * dashboard (toman switch, balance) and the invoices (payment status) here, never by importing them.
 */

/**
 * A payout form's props: the invoice in the URL and its amount (what the form shows the user will receive), and the
 * refresh of invoices and balance once answered.
 */
function usePaymentRequestProps() {
  const { invoiceUid = '' } = useParams()
  const queryClient = useQueryClient()
  const invoice = useQuery(invoiceQueryOptions(invoiceUid)).data
  const onSettled = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.summary() }),
      ]),
    [queryClient],
  )
  return { invoiceUid, invoiceAmount: invoice?.amount, invoiceAmountExact: invoice?.amountExact, onSettled }
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
  return <RequestPaymentWalletScreen method="trx" {...usePaymentRequestProps()} />
}

export function RequestPaymentCrypto() {
  return <RequestPaymentWalletScreen method="usdt" {...usePaymentRequestProps()} />
}

export function RequestPaymentIrt() {
  return <RequestPaymentIrtScreen {...usePaymentRequestProps()} />
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
