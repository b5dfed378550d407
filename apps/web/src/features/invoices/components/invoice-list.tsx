import { useNavigate } from 'react-router'
import { Page } from '#components/layout/page.tsx'
import { InfiniteList } from '#components/ui/infinite-list.tsx'
import { Section } from '#components/ui/list.tsx'
import { Placeholder } from '#components/ui/placeholder.tsx'
import { paths } from '#config/paths.ts'
import { useBackHandler } from '#lib/telegram/back-handlers.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useInvoices } from '../api/get-invoices.ts'
import { CreateInvoiceButton, type PaymentFlags } from './create-invoice-button.tsx'
import { ReceiptIcon } from './invoice-icons.tsx'
import { InvoiceRow } from './invoice-row.tsx'

/** The invoices, by cursor: the next page loads when the end of the list scrolls into view. */
function InvoiceRows({ isPaymentOpen }: { isPaymentOpen: boolean | undefined }) {
  const { t } = useTranslation('invoices')
  const query = useInvoices()
  return (
    <InfiniteList
      query={query}
      loadingText={t('invoices.loading')}
      loadMoreText={t('invoices.loadMore')}
      error={t('invoices.list.loadFailed')}
      empty={
        <div data-testid="invoices-empty">
          <Placeholder
            icon={<ReceiptIcon />}
            title={t('invoices.list.emptyTitle')}
            description={t('invoices.list.empty')}
          />
        </div>
      }
      sentinelTestId="invoices-sentinel"
    >
      {(invoices) => (
        <Section aria-label={t('invoices.list.title')}>
          {invoices.map((invoice) => (
            <InvoiceRow key={invoice.uid} invoice={invoice} isPaymentOpen={isPaymentOpen} />
          ))}
        </Section>
      )}
    </InfiniteList>
  )
}

type InvoiceListScreenProps = {
  payment: PaymentFlags | undefined | null
  onCreated: () => Promise<unknown>
}

/** /invoices: every invoice of the user, newest first, and the button that creates the next one. */
export function InvoiceListScreen({ payment, onCreated }: InvoiceListScreenProps) {
  const { t } = useTranslation('invoices')
  const navigate = useNavigate()
  useBackHandler(() => {
    void navigate(paths.home)
  })
  return (
    <Page
      title={t('invoices.list.title')}
      testId="invoices"
      actions={<CreateInvoiceButton payment={payment} onCreated={onCreated} />}
    >
      <InvoiceRows isPaymentOpen={payment?.isPaymentOpen} />
    </Page>
  )
}
