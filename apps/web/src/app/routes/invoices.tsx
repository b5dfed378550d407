import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useParams } from 'react-router'
import { accountKeys } from '#features/accounts/api/account-keys.ts'
import { dashboardQueryOptions } from '#features/dashboard/api/get-dashboard.ts'
import { InvoiceDetailScreen } from '#features/invoices/components/invoice-detail.tsx'
import { InvoiceListScreen } from '#features/invoices/components/invoice-list.tsx'
import { NotFoundScreen } from './not-found.tsx'
import '#features/invoices/components/invoices.css'

/**
 * The invoice list and detail (one lazy chunk). The dashboard's payment flags gate creation and payment
 * requests; a new invoice takes the whole available balance, so the dashboard is marked unavailable at once
 * and the accounts lists (accepted accounts move onto the invoice) refresh.
 */
export function InvoiceList() {
  const queryClient = useQueryClient()
  const dashboard = useQuery(dashboardQueryOptions())
  const onCreated = useCallback(() => {
    queryClient.setQueryData(dashboardQueryOptions().queryKey, (old) =>
      old
        ? {
            ...old,
            invoice: {
              ...old.invoice,
              isPaymentAvailable: false,
              paymentAvailable: 0,
              paymentAvailableF: '0.00',
            },
          }
        : old,
    )
    return queryClient.invalidateQueries({ queryKey: accountKeys.lists() })
  }, [queryClient])
  // Without the dashboard the limits are unknown: no invoice can be created (null), not even tried.
  const payment = dashboard.data?.invoice ?? (dashboard.isError ? null : undefined)
  return <InvoiceListScreen payment={payment} onCreated={onCreated} />
}

export function InvoiceDetail() {
  const { invoiceUid = '' } = useParams()
  const isPaymentOpen = useQuery(dashboardQueryOptions()).data?.invoice.isPaymentOpen
  return (
    <InvoiceDetailScreen
      key={invoiceUid}
      invoiceUid={invoiceUid}
      isPaymentOpen={isPaymentOpen}
      notFound={<NotFoundScreen />}
    />
  )
}
