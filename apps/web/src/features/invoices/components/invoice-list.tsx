import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Page } from '../../../components/layout/page.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Section } from '../../../components/ui/list.tsx'
import { Placeholder } from '../../../components/ui/placeholder.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { paths } from '../../../config/paths.ts'
import { useInView } from '../../../hooks/use-in-view.ts'
import { useBackHandler } from '../../../lib/telegram/back-handlers.ts'
import { useInvoices } from '../api/get-invoices.ts'
import { CreateInvoiceButton, type PaymentFlags } from './create-invoice-button.tsx'
import { ReceiptIcon } from './invoice-icons.tsx'
import { InvoiceRow } from './invoice-row.tsx'

/** The invoices, by cursor: the next page loads when the end of the list scrolls into view. */
function InvoiceRows() {
  const { t } = useTranslation(['invoices', 'common'])
  const query = useInvoices()
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query
  const canLoadMore = hasNextPage && !isFetchingNextPage
  const sentinel = useInView<HTMLDivElement>(() => {
    if (canLoadMore) void fetchNextPage()
  }, query.isSuccess)

  if (query.isPending) {
    return (
      <div className="invoices-loading">
        <Spinner label={t('invoices.loading')} />
      </div>
    )
  }
  if (query.isError) {
    return (
      <Placeholder
        role="alert"
        title={t('error.title', { ns: 'common' })}
        description={t('invoices.list.loadFailed')}
        action={
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('action.retry', { ns: 'common' })}
          </Button>
        }
      />
    )
  }

  const invoices = query.data.pages.flatMap((page) => page.items)
  if (invoices.length === 0) {
    return (
      <div data-testid="invoices-empty">
        <Placeholder
          icon={<ReceiptIcon />}
          title={t('invoices.list.emptyTitle')}
          description={t('invoices.list.empty')}
        />
      </div>
    )
  }
  return (
    <>
      <Section aria-label={t('invoices.list.title')}>
        {invoices.map((invoice) => (
          <InvoiceRow key={invoice.uid} invoice={invoice} />
        ))}
      </Section>
      <div ref={sentinel} className="invoices-sentinel" data-testid="invoices-sentinel">
        {isFetchingNextPage ? <Spinner size={22} label={t('invoices.loading')} /> : null}
        {canLoadMore ? (
          <Button variant="plain" onClick={() => void fetchNextPage()}>
            {t('invoices.loadMore')}
          </Button>
        ) : null}
      </div>
    </>
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
      <InvoiceRows />
    </Page>
  )
}
