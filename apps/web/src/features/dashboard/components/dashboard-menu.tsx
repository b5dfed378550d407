import { type ChannelStatus, type Dashboard, NEWS_UNSEEN_CAP } from '@app/contract'
import {
  BagIcon,
  MegaphoneIcon,
  NewsIcon,
  SendIcon,
  SupportIcon,
  UsersIcon,
  WalletIcon,
} from '#components/icons.tsx'
import { Badge } from '#components/ui/badge.tsx'
import { Cell, Section } from '#components/ui/list.tsx'
import { Skeleton } from '#components/ui/skeleton.tsx'
import { paths } from '#config/paths.ts'
import { hapticImpact } from '#lib/telegram/haptics.ts'
import { channelUrl, openTelegramUrl } from '#lib/telegram/links.ts'
import { showToast } from '#lib/toast.ts'
import { useTranslation } from '#lib/use-translation.tsx'

type DashboardMenuProps = {
  dashboard: Dashboard | undefined
  channel: ChannelStatus | undefined
}

/**
 * A count at a row's end as a badge (the figure for the eye, the label for screen readers), `cap - 1`+ from `cap`;
 * nothing at 0, or before the dashboard. `String`, not lib/format.ts: Latin digits all the same (the one digit
 * rule), without that module's chunk on the first screen.
 */
function CountBadge({
  count,
  cap,
  label,
  testId,
}: {
  count: number
  cap?: number
  label: string
  testId: string
}) {
  if (count === 0) return null
  return (
    <span data-testid={testId}>
      <Badge tone="danger">
        <bdi aria-hidden="true">{cap !== undefined && count >= cap ? `${cap - 1}+` : String(count)}</bdi>
        <span className="visually-hidden">{label}</span>
      </Badge>
    </span>
  )
}

/** The home entries of spec section 1; Referrals only for users allowed to refer. */
export function DashboardMenu({ dashboard, channel }: DashboardMenuProps) {
  const { t } = useTranslation('dashboard')
  const loading = <Skeleton width={56} />
  const channelUsername = channel?.channelUsername ?? null
  const newsUnseen = dashboard?.news.unseenCount ?? 0
  const supportUnread = dashboard?.supportUnread ?? 0

  return (
    <>
      <Section aria-label={t('dashboard.menu')}>
        <Cell
          icon={<WalletIcon />}
          iconColor="#34c759"
          to={paths.invoices}
          chevron
          testId="dashboard-withdraw"
          subtitle={t('dashboard.withdrawSubtitle')}
          after={dashboard ? <bdi dir="ltr">{`${dashboard.invoice.paymentAvailableF} USDT`}</bdi> : loading}
        >
          {t('dashboard.withdraw')}
        </Cell>
        <Cell
          icon={<SendIcon />}
          iconColor="#007aff"
          to={paths.accounts}
          chevron
          testId="dashboard-accounts"
          subtitle={t('dashboard.sendAccountsSubtitle')}
          after={dashboard ? <bdi>{dashboard.account.count}</bdi> : loading}
        >
          {t('dashboard.sendAccounts')}
        </Cell>
        {dashboard?.user.canReferrer ? (
          <Cell
            icon={<UsersIcon />}
            iconColor="#af52de"
            to={paths.referrals}
            chevron
            testId="dashboard-referrals"
            subtitle={t('dashboard.referralsSubtitle')}
            after={<bdi>{dashboard.referralsCount}</bdi>}
          >
            {t('dashboard.referrals')}
          </Cell>
        ) : null}
      </Section>
      <Section>
        <Cell
          icon={<NewsIcon />}
          iconColor="#ff3b30"
          to={paths.news}
          chevron
          testId="dashboard-news"
          after={
            <CountBadge
              count={newsUnseen}
              cap={NEWS_UNSEEN_CAP}
              label={t('dashboard.newsUnseen', { count: newsUnseen })}
              testId="dashboard-news-unseen"
            />
          }
        >
          {t('dashboard.news')}
        </Cell>
        <Cell
          icon={<BagIcon />}
          iconColor="#ff9500"
          chevron
          testId="dashboard-orders"
          onClick={() => {
            hapticImpact('light')
            showToast(t('dashboard.comingSoon'))
          }}
        >
          {t('dashboard.orders')}
        </Cell>
        <Cell
          icon={<SupportIcon />}
          iconColor="#30b0c7"
          to={paths.support}
          chevron
          testId="dashboard-support"
          after={
            <CountBadge
              count={supportUnread}
              label={t('dashboard.supportUnread', { count: supportUnread })}
              testId="dashboard-support-unread"
            />
          }
        >
          {t('dashboard.support')}
        </Cell>
        {channelUsername ? (
          <Cell
            icon={<MegaphoneIcon />}
            iconColor="#5ac8fa"
            chevron
            testId="dashboard-channel"
            subtitle={<bdi dir="ltr">@{channelUsername}</bdi>}
            onClick={() => {
              hapticImpact('light')
              openTelegramUrl(channelUrl(channelUsername))
            }}
          >
            {t('dashboard.channel')}
          </Cell>
        ) : null}
      </Section>
    </>
  )
}
