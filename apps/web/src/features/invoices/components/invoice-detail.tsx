import type { InvoiceDetail } from '@app/contract'
import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { DetailScreen } from '#components/layout/detail-screen.tsx'
import { Page } from '#components/layout/page.tsx'
import { Button } from '#components/ui/button.tsx'
import { HeaderCard, HeaderFigure, HeaderLine } from '#components/ui/header-card.tsx'
import { Cell, Section } from '#components/ui/list.tsx'
import { paths } from '#config/paths.ts'
import { formatTimestamp } from '#lib/format.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useInvoice } from '../api/get-invoice.ts'
import {
  CONFIRMATION_TONE,
  confirmationDescription,
  confirmationName,
  offersPaymentRequest,
  PAYMENT_TONE,
  paymentDescription,
  paymentName,
  type Tone,
} from '../invoice-status.ts'
import { InvoiceAccounts } from './invoice-accounts.tsx'
import { CheckIcon, ClockIcon, CoinIcon, CrossIcon, EyeIcon, RefreshIcon } from './invoice-icons.tsx'
import { InvoiceTransactions } from './invoice-transactions.tsx'
import { Usdt } from './money.tsx'

const TONE_COLOR: Record<Tone, string> = {
  accent: 'var(--app-button)',
  success: '#34c759',
  warning: '#ff9500',
  danger: 'var(--app-destructive)',
  neutral: 'var(--app-hint)',
}

const CONFIRMATION_ICON = {
  pending: <ClockIcon />,
  confirmed: <CheckIcon />,
  rejected: <CrossIcon />,
  validating: <RefreshIcon />,
} as const

const PAYMENT_ICON = {
  pending: <CoinIcon />,
  success: <CheckIcon />,
  review: <EyeIcon />,
  failed: <CrossIcon />,
} as const

function StatusSection({
  header,
  icon,
  tone,
  name,
  description,
  testId,
}: {
  header: string
  icon: ReactNode
  tone: Tone
  name: string
  description: string
  testId: string
}) {
  return (
    <Section header={header}>
      <Cell testId={testId} icon={icon} iconColor={TONE_COLOR[tone]} subtitle={description}>
        {name}
      </Cell>
    </Section>
  )
}

function InvoiceSummary({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation('invoices')
  const { confirmationStatus: confirmation, paymentStatus: payment } = invoice
  return (
    <>
      <HeaderCard testId="invoice-header">
        <HeaderFigure>
          <Usdt amount={invoice.amount} testId="invoice-amount" />
        </HeaderFigure>
        {invoice.referralEarnings > 0 ? (
          <HeaderLine testId="invoice-referral-earnings">
            {t('invoices.detail.referralEarnings')} <Usdt amount={invoice.referralEarnings} />
          </HeaderLine>
        ) : null}
        <HeaderLine>
          {t('invoices.detail.createdAt')} <bdi dir="ltr">{formatTimestamp(invoice.createdAt)}</bdi>
        </HeaderLine>
      </HeaderCard>
      <StatusSection
        header={t('invoices.detail.confirmation')}
        testId="invoice-confirmation"
        icon={CONFIRMATION_ICON[confirmation]}
        tone={CONFIRMATION_TONE[confirmation]}
        name={t(confirmationName(confirmation))}
        description={t(confirmationDescription(confirmation))}
      />
      <StatusSection
        header={t('invoices.detail.payment')}
        testId="invoice-payment"
        icon={PAYMENT_ICON[payment]}
        tone={PAYMENT_TONE[payment]}
        name={t(paymentName(payment))}
        description={t(paymentDescription(payment))}
      />
    </>
  )
}

/** The loaded invoice; the payment request shows only when the invoice allows one and payment is open. */
function InvoicePage({
  invoice,
  isPaymentOpen,
}: {
  invoice: InvoiceDetail
  isPaymentOpen: boolean | undefined
}) {
  const { t } = useTranslation('invoices')
  const navigate = useNavigate()
  const canRequestPayment = offersPaymentRequest(invoice, isPaymentOpen)
  return (
    <Page
      title={t('invoices.detail.title')}
      testId="invoice-detail"
      actions={
        canRequestPayment ? (
          <>
            <p className="invoice-hint invoice-hint--bar" data-testid="invoice-payment-hint">
              {t('invoices.hint.paymentRequest')}
            </p>
            <Button
              stretched
              data-testid="invoice-request-payment"
              onClick={() => void navigate(paths.selectMethod(invoice.uid))}
            >
              {t('invoices.detail.requestPayment')}
            </Button>
          </>
        ) : undefined
      }
    >
      <InvoiceSummary invoice={invoice} />
      <InvoiceTransactions invoiceUid={invoice.uid} transactions={invoice.transactions} />
      <InvoiceAccounts invoiceUid={invoice.uid} />
    </Page>
  )
}

type InvoiceDetailScreenProps = {
  invoiceUid: string
  /** The dashboard's isPaymentOpen; undefined while it loads (no payment request offered meanwhile). */
  isPaymentOpen: boolean | undefined
  /** The app's 404 page, for an invoice that does not exist (or is not the user's). */
  notFound: ReactNode
}

/**
 * /invoices/:invoiceUid: amount, confirmation and payment status, the payment request (only when the invoice
 * allows one and payment is open), its transactions and its accounts. Back goes to /invoices.
 */
export function InvoiceDetailScreen({ invoiceUid, isPaymentOpen, notFound }: InvoiceDetailScreenProps) {
  const { t } = useTranslation('invoices')
  const query = useInvoice(invoiceUid)
  return (
    <DetailScreen
      query={query}
      back={paths.invoices}
      testId="invoice"
      title={t('invoices.detail.title')}
      loadingLabel={t('invoices.loading')}
      loadFailed={t('invoices.detail.loadFailed')}
      notFound={notFound}
    >
      {(invoice) => <InvoicePage invoice={invoice} isPaymentOpen={isPaymentOpen} />}
    </DetailScreen>
  )
}
