import type { Account } from '@app/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Badge } from '#components/ui/badge.tsx'
import { Cell } from '#components/ui/list.tsx'
import { PhoneNumber } from '#components/ui/phone-number.tsx'
import { type AccountsListPlace, paths } from '#config/paths.ts'
import { CountdownState, formatDuration, useCountdown } from '#hooks/use-countdown.ts'
import { formatTimestamp } from '#lib/format.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { validationLabel } from '../account-status.ts'
import { accountKeys } from '../api/account-keys.ts'

/**
 * The server validates an account shortly after its validationAt (each process looks every few seconds), so
 * once the countdown ends the lists are refreshed after this pause and the account moves to its tab.
 */
export const VALIDATION_SETTLE_MS = 6000

function ValidationCountdown({ until }: { until: number }) {
  const { t } = useTranslation('accounts')
  const queryClient = useQueryClient()
  const { remaining, state } = useCountdown(until - Date.now() / 1000)
  const completed = state === CountdownState.COMPLETED
  useEffect(() => {
    if (!completed) return
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: accountKeys.lists() }),
      VALIDATION_SETTLE_MS,
    )
    return () => clearTimeout(timer)
  }, [completed, queryClient])
  if (completed) {
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

/**
 * One account: flag, phone (always whole: the labels wrap instead), registered badge, validation label or
 * countdown, validation time. Opens the account with the list's tab and search in its URL.
 */
export function AccountRow({ account, from }: { account: Account; from: AccountsListPlace }) {
  const { t } = useTranslation('accounts')
  const label = validationLabel(account, Date.now() / 1000)
  const showTime = account.status !== 'pending' && account.validationAt !== null
  return (
    <Cell
      to={paths.account(account.uid, from)}
      testId="account-row"
      wholeTitle
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
      <PhoneNumber>{account.formattedPhone}</PhoneNumber>
    </Cell>
  )
}
