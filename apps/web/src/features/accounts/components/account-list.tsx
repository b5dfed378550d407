import { InfiniteList } from '#components/ui/infinite-list.tsx'
import { Section } from '#components/ui/list.tsx'
import { Placeholder } from '#components/ui/placeholder.tsx'
import type { AccountsListPlace } from '#config/paths.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import type { AccountListParams } from '../api/account-keys.ts'
import { useAccounts } from '../api/get-accounts.ts'
import { InboxIcon } from './account-icons.tsx'
import { AccountRow } from './account-row.tsx'

/**
 * One tab's accounts, by cursor: the next page loads when the end of the list scrolls into view. Each row opens
 * its account with `from`, the tab and search, so back returns here.
 */
export function AccountList({ params, from }: { params: AccountListParams; from: AccountsListPlace }) {
  const { t } = useTranslation('accounts')
  const query = useAccounts(params)
  return (
    <InfiniteList
      query={query}
      loadingText={t('accounts.loading')}
      loadMoreText={t('accounts.loadMore')}
      error={t('accounts.loadFailed')}
      empty={
        <div data-testid="accounts-empty">
          <Placeholder
            icon={<InboxIcon />}
            description={params.search ? t('accounts.emptySearch') : t('accounts.empty')}
          />
        </div>
      }
      sentinelTestId="accounts-sentinel"
    >
      {(accounts) => (
        <Section aria-label={t('accounts.listLabel')}>
          {accounts.map((account) => (
            <AccountRow key={account.uid} account={account} from={from} />
          ))}
        </Section>
      )}
    </InfiniteList>
  )
}
