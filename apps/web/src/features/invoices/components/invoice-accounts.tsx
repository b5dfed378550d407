import type { Account } from '@app/contract'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button.tsx'
import { Cell, Section } from '../../../components/ui/list.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { paths } from '../../../config/paths.ts'
import { useInView } from '../../../hooks/use-in-view.ts'
import { useInvoiceAccounts } from '../api/get-invoice-accounts.ts'
import { Usdt } from './money.tsx'

/** An account the invoice pays, drawn like the accounts list: flag, phone, and here what it earned. */
function InvoiceAccountRow({ invoiceUid, account }: { invoiceUid: string; account: Account }) {
  return (
    <Cell
      to={paths.invoiceAccount(invoiceUid, account.uid)}
      testId="invoice-account-row"
      icon={
        <img
          className="invoice-account__flag"
          src={account.flag}
          alt={account.country}
          width={28}
          height={20}
        />
      }
      iconColor="transparent"
      chevron
      after={<Usdt amount={account.net} />}
    >
      <bdi dir="ltr">{account.formattedPhone}</bdi>
    </Cell>
  )
}

/** 'N Account(s)': the invoice's accounts by cursor, the next page when the end scrolls into view. */
export function InvoiceAccounts({ invoiceUid }: { invoiceUid: string }) {
  const { t } = useTranslation(['invoices', 'common'])
  const query = useInvoiceAccounts(invoiceUid)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query
  const canLoadMore = hasNextPage && !isFetchingNextPage
  const sentinel = useInView<HTMLDivElement>(() => {
    if (canLoadMore) void fetchNextPage()
  }, query.isSuccess)

  if (query.isPending) {
    return (
      <div className="invoices-sentinel">
        <Spinner size={22} label={t('invoices.loading')} />
      </div>
    )
  }
  if (query.isError) {
    return (
      <Section header={t('invoices.detail.accountsTitle')}>
        <Cell
          after={
            <Button variant="plain" onClick={() => void query.refetch()}>
              {t('action.retry', { ns: 'common' })}
            </Button>
          }
        >
          <span className="invoice-muted" role="alert">
            {t('invoices.detail.accountsFailed')}
          </span>
        </Cell>
      </Section>
    )
  }
  const accounts = query.data.pages.flatMap((page) => page.items)
  const total = query.data.pages[0]?.total ?? accounts.length
  return (
    <div data-testid="invoice-accounts">
      <Section header={t('invoices.detail.accounts', { count: total })}>
        {accounts.length === 0 ? (
          <Cell>
            <span className="invoice-muted">{t('invoices.detail.noAccounts')}</span>
          </Cell>
        ) : (
          accounts.map((account) => (
            <InvoiceAccountRow key={account.uid} invoiceUid={invoiceUid} account={account} />
          ))
        )}
      </Section>
      <div ref={sentinel} className="invoices-sentinel" data-testid="invoice-accounts-sentinel">
        {isFetchingNextPage ? <Spinner size={22} label={t('invoices.loading')} /> : null}
        {canLoadMore ? (
          <Button variant="plain" onClick={() => void fetchNextPage()}>
            {t('invoices.loadMore')}
          </Button>
        ) : null}
      </div>
    </div>
  )
}
