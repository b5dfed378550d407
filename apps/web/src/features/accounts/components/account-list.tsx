import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button.tsx'
import { Section } from '../../../components/ui/list.tsx'
import { Placeholder } from '../../../components/ui/placeholder.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useInView } from '../../../hooks/use-in-view.ts'
import { type AccountListParams, useAccounts } from '../api/get-accounts.ts'
import { InboxIcon } from './account-icons.tsx'
import { AccountRow } from './account-row.tsx'

/** One tab's accounts, by cursor: the next page loads when the end of the list scrolls into view. */
export function AccountList({ params }: { params: AccountListParams }) {
  const { t } = useTranslation(['accounts', 'common'])
  const query = useAccounts(params)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query
  const canLoadMore = hasNextPage && !isFetchingNextPage
  const sentinel = useInView<HTMLDivElement>(() => {
    if (canLoadMore) void fetchNextPage()
  }, query.isSuccess)

  if (query.isPending) {
    return (
      <div className="fullscreen-center accounts-loading">
        <Spinner label={t('accounts.loading')} />
      </div>
    )
  }
  if (query.isError) {
    return (
      <Placeholder
        role="alert"
        title={t('error.title', { ns: 'common' })}
        description={t('accounts.loadFailed')}
        action={
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('action.retry', { ns: 'common' })}
          </Button>
        }
      />
    )
  }

  const accounts = query.data.pages.flatMap((page) => page.items)
  if (accounts.length === 0) {
    return (
      <div data-testid="accounts-empty">
        <Placeholder
          icon={<InboxIcon />}
          description={params.search ? t('accounts.emptySearch') : t('accounts.empty')}
        />
      </div>
    )
  }
  return (
    <>
      <Section aria-label={t('accounts.listLabel')}>
        {accounts.map((account) => (
          <AccountRow key={account.uid} account={account} />
        ))}
      </Section>
      <div ref={sentinel} className="accounts-sentinel" data-testid="accounts-sentinel">
        {isFetchingNextPage ? <Spinner size={22} label={t('accounts.loading')} /> : null}
        {canLoadMore ? (
          <Button variant="plain" onClick={() => void fetchNextPage()}>
            {t('accounts.loadMore')}
          </Button>
        ) : null}
      </div>
    </>
  )
}
