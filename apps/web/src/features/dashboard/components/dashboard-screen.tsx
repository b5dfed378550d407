import { APP_VERSION, type ChannelStatus, type Dashboard } from '@app/contract'
import { type UseQueryResult, useQueryClient } from '@tanstack/react-query'
import { useEffect, useLayoutEffect } from 'react'
import { AlertIcon } from '#components/icons.tsx'
import { Page } from '#components/layout/page.tsx'
import { Button } from '#components/ui/button.tsx'
import { Placeholder } from '#components/ui/placeholder.tsx'
import { signOut } from '#lib/api-client.ts'
import { type BootHomeRow, dismissBootHome, rememberHomeRows } from '#lib/boot-home.ts'
import { useLaunchParams } from '#lib/telegram/launch-context.tsx'
import { useTranslation } from '#lib/use-translation.tsx'
import { DashboardMenu } from './dashboard-menu.tsx'
import { useChannelPrompt } from './use-channel-prompt.ts'
import { UserCard } from './user-card.tsx'
import './dashboard.css'

type DashboardScreenProps = {
  /** `useDashboard()`, held by the route so that the call starts before this screen's words are there. */
  dashboard: UseQueryResult<Dashboard>
  channel: ChannelStatus | undefined
}

/** Home (/): who you are, where your money and accounts are, and the version. */
export function DashboardScreen({ dashboard, channel }: DashboardScreenProps) {
  const { t } = useTranslation(['dashboard', 'common'])
  const launch = useLaunchParams()
  const queryClient = useQueryClient()
  // A plain browser's email session ends here (and on the server); the guard then opens /login.
  const logout = launch
    ? undefined
    : () => {
        void signOut()
        queryClient.clear()
      }
  useChannelPrompt(channel)
  // Home takes over from index.html's skeleton of it in the same frame, once its data (or the failure to get it)
  // is there: the rows that come with the data (Referrals) then appear with home, not under the user's eyes.
  const waiting = dashboard.isPending
  useLayoutEffect(() => {
    if (!waiting) dismissBootHome()
  }, [waiting])
  const userId = launch?.user?.id
  const referrals = dashboard.data?.user.canReferrer
  const channelRow = Boolean(channel?.channelUsername)
  useEffect(() => {
    if (userId === undefined || referrals === undefined) return
    const rows: BootHomeRow[] = []
    if (referrals) rows.push('referrals')
    if (channelRow) rows.push('channel')
    rememberHomeRows(userId, rows)
  }, [userId, referrals, channelRow])

  return (
    <Page testId="dashboard" footer={<span data-testid="app-version">{APP_VERSION}</span>}>
      <h1 className="visually-hidden">{t('dashboard.title')}</h1>
      <UserCard user={launch?.user ?? null} email={dashboard.data?.user.email} onLogout={logout} />
      {dashboard.isError ? (
        <Placeholder
          icon={<AlertIcon />}
          title={t('dashboard.loadError.title')}
          description={t('dashboard.loadError.description')}
          role="alert"
          action={
            <Button
              variant="secondary"
              loading={dashboard.isFetching}
              onClick={() => void dashboard.refetch()}
            >
              {t('action.retry', { ns: 'common' })}
            </Button>
          }
        />
      ) : (
        <div aria-busy={dashboard.isPending || undefined}>
          <DashboardMenu dashboard={dashboard.data} channel={channel} />
        </div>
      )}
    </Page>
  )
}
