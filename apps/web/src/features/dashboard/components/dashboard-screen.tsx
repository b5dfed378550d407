import { APP_VERSION } from '@app/contract'
import { useTranslation } from 'react-i18next'
import { AlertIcon } from '../../../components/icons.tsx'
import { Page } from '../../../components/layout/page.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Placeholder } from '../../../components/ui/placeholder.tsx'
import { useLaunchParams } from '../../../lib/telegram/launch-context.tsx'
import { useChannelStatus } from '../api/get-channel-status.ts'
import { useDashboard } from '../api/get-dashboard.ts'
import { DashboardMenu } from './dashboard-menu.tsx'
import { useChannelPrompt } from './use-channel-prompt.ts'
import { UserCard } from './user-card.tsx'
import './dashboard.css'

/** Home (/): who you are, where your money and accounts are, and the version. */
export function DashboardScreen() {
  const { t } = useTranslation(['dashboard', 'common'])
  const launch = useLaunchParams()
  const dashboard = useDashboard()
  const channel = useChannelStatus()
  useChannelPrompt(channel.data)

  return (
    <Page testId="dashboard" footer={<span data-testid="app-version">{APP_VERSION}</span>}>
      <h1 className="visually-hidden">{t('dashboard.title')}</h1>
      <UserCard user={launch?.user ?? null} />
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
          <DashboardMenu dashboard={dashboard.data} channel={channel.data} />
        </div>
      )}
    </Page>
  )
}
