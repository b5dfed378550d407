import type { Invoice } from '@app/contract'
import { Badge } from '#components/ui/badge.tsx'
import { Cell } from '#components/ui/list.tsx'
import { paths } from '#config/paths.ts'
import { formatTimestamp } from '#lib/format.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import {
  CONFIRMATION_TONE,
  confirmationName,
  offersPaymentRequest,
  PAYMENT_TONE,
  paymentName,
} from '../invoice-status.ts'
import { ReceiptIcon } from './invoice-icons.tsx'
import { Usdt } from './money.tsx'

type InvoiceRowProps = {
  invoice: Invoice
  /** The dashboard's isPaymentOpen; undefined while it loads (no hint meanwhile). */
  isPaymentOpen: boolean | undefined
}

/**
 * One invoice: amount, creation time, confirmation and payment status, and the payment-request hint, shown by
 * the same rule as the detail's (offersPaymentRequest).
 */
export function InvoiceRow({ invoice, isPaymentOpen }: InvoiceRowProps) {
  const { t } = useTranslation('invoices')
  return (
    <Cell
      to={paths.invoice(invoice.uid)}
      testId="invoice-row"
      icon={<ReceiptIcon />}
      iconColor="#34c759"
      subtitle={
        <>
          <bdi dir="ltr">{formatTimestamp(invoice.createdAt)}</bdi>
          {offersPaymentRequest(invoice, isPaymentOpen) ? (
            <span className="invoice-hint" data-testid="invoice-row-hint">
              {t('invoices.hint.paymentRequest')}
            </span>
          ) : null}
        </>
      }
      after={
        <span className="invoice-row__badges">
          <Badge tone={CONFIRMATION_TONE[invoice.confirmationStatus]}>
            {t(confirmationName(invoice.confirmationStatus))}
          </Badge>
          <Badge tone={PAYMENT_TONE[invoice.paymentStatus]}>{t(paymentName(invoice.paymentStatus))}</Badge>
        </span>
      }
    >
      <Usdt amount={invoice.amount} />
    </Cell>
  )
}
