import type { Account } from '@app/contract'
import { Button } from '#components/ui/button.tsx'
import { InfiniteList } from '#components/ui/infinite-list.tsx'
import { Cell, Section } from '#components/ui/list.tsx'
import { PhoneNumber } from '#components/ui/phone-number.tsx'
import { paths } from '#config/paths.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useInvoiceAccounts } from '../api/get-invoice-accounts.ts'
import { Usdt } from './money.tsx'

/** An account the invoice pays, drawn like the accounts list: flag, phone, and here what it earned. */
function InvoiceAccountRow({ invoiceUid, account }: { invoiceUid: string; account: Account }) {
  return (
    <Cell
      to={paths.invoiceAccount(invoiceUid, account.uid)}
      testId="invoice-account-row"
      wholeTitle
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
      <PhoneNumber>{account.formattedPhone}</PhoneNumber>
    </Cell>
  )
}

/** 'N Account(s)': the invoice's accounts by cursor, the next page when the end scrolls into view. */
export function InvoiceAccounts({ invoiceUid }: { invoiceUid: string }) {
  const { t } = useTranslation(['invoices', 'common'])
  const query = useInvoiceAccounts(invoiceUid)
  return (
    <InfiniteList
      query={query}
      inline
      loadingText={t('invoices.loading')}
      loadMoreText={t('invoices.loadMore')}
      error={(retry) => (
        <Section header={t('invoices.detail.accountsTitle')}>
          <Cell
            after={
              <Button variant="plain" onClick={retry}>
                {t('action.retry', { ns: 'common' })}
              </Button>
            }
          >
            <span className="invoice-muted" role="alert">
              {t('invoices.detail.accountsFailed')}
            </span>
          </Cell>
        </Section>
      )}
      sentinelTestId="invoice-accounts-sentinel"
    >
      {(accounts, [firstPage]) => (
        <div data-testid="invoice-accounts">
          <Section header={t('invoices.detail.accounts', { count: firstPage?.total ?? accounts.length })}>
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
        </div>
      )}
    </InfiniteList>
  )
}
