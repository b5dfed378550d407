import type { Account } from '@app/contract'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../../components/ui/badge.tsx'
import { Cell } from '../../../components/ui/list.tsx'
import { paths } from '../../../config/paths.ts'
import { CountdownState, formatDuration, useCountdown } from '../../../hooks/use-countdown.ts'
import { formatTimestamp } from '../../../lib/format.ts'
import { validationLabel } from '../account-status.ts'

function ValidationCountdown({ until }: { until: number }) {
  const { t } = useTranslation('accounts')
  const { remaining, state } = useCountdown(until - Date.now() / 1000)
  if (state === CountdownState.COMPLETED) {
    return <Badge tone="neutral">{t('accounts.label.pending')}</Badge>
  }
  return (
    <Badge tone="accent">
      <span className="visually-hidden">{t('accounts.label.validatingIn')} </span>
      <bdi dir="ltr" data-testid="validation-countdown">
        {formatDuration(remaining)}
      </bdi>
    </Badge>
  )
}

/** One account: flag, phone, registered badge, validation label or countdown, validation time. */
export function AccountRow({ account }: { account: Account }) {
  const { t } = useTranslation('accounts')
  const label = validationLabel(account, Date.now() / 1000)
  const showTime = account.status !== 'pending' && account.validationAt !== null
  return (
    <Cell
      to={paths.account(account.uid)}
      testId="account-row"
      icon={<img className="account-flag" src={account.flag} alt={account.country} width={28} height={20} />}
      iconColor="transparent"
      subtitle={
        showTime && account.validationAt !== null ? (
          <bdi dir="ltr" data-testid="validation-time">
            {formatTimestamp(account.validationAt)}
          </bdi>
        ) : undefined
      }
      after={
        <span className="account-row__badges">
          {account.submitType === 'register' ? (
            <Badge tone="accent">{t('accounts.label.registered')}</Badge>
          ) : null}
          {label.kind === 'countdown' ? (
            <ValidationCountdown until={label.until} />
          ) : (
            <Badge tone={label.tone}>{t(label.key)}</Badge>
          )}
        </span>
      }
    >
      <bdi dir="ltr">{account.formattedPhone}</bdi>
    </Cell>
  )
}
