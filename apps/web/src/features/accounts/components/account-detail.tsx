import type { Account } from '@app/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Page } from '../../../components/layout/page.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Cell, Section } from '../../../components/ui/list.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { paths } from '../../../config/paths.ts'
import { useLongPress } from '../../../hooks/use-long-press.ts'
import { copyText } from '../../../lib/clipboard.ts'
import { showDialog } from '../../../lib/dialogs.ts'
import { formatUsdt } from '../../../lib/format.ts'
import { useBackHandler } from '../../../lib/telegram/back-handlers.ts'
import { hapticNotification } from '../../../lib/telegram/haptics.ts'
import { showToast } from '../../../lib/toast.ts'
import {
  acceptanceText,
  discountPercent,
  limitTexts,
  shownLimitStatus,
  validationText,
} from '../account-status.ts'
import { useAccount } from '../api/get-account.ts'
import { InfoIcon } from './account-icons.tsx'

const ACCEPTANCE_TONE = { pending: 'warning', accepted: 'success', rejected: 'danger' } as const
const LIMIT_TONE = {
  pending: 'neutral',
  not_limited: 'success',
  temporary_limited: 'success',
  permanent_limited: 'danger',
  unknown: 'neutral',
} as const

function AccountHeader({ account }: { account: Account }) {
  const { t } = useTranslation(['accounts', 'common'])
  const discount = discountPercent(account)
  const press = useLongPress(() => {
    void copyText(account.phone).then((copied) => {
      hapticNotification(copied ? 'success' : 'error')
      showToast(copied ? t('accounts.detail.copied') : t('accounts.detail.copyFailed'))
    })
  })
  const showInfo = () => {
    void showDialog({
      title: t('accounts.detail.infoTitle'),
      message: t('accounts.detail.infoMessage', { phone: account.phone, uid: account.uid }),
      buttons: [{ id: 'ok', text: t('action.ok', { ns: 'common' }) }],
    })
  }
  return (
    <div className="account-header" data-testid="account-header" {...press}>
      <button
        type="button"
        className="account-header__info"
        aria-label={t('accounts.detail.infoTitle')}
        data-testid="account-info"
        onPointerDown={(event) => event.stopPropagation()}
        onClick={showInfo}
      >
        <InfoIcon />
      </button>
      <img className="account-header__flag" src={account.flag} alt={account.country} width={56} height={40} />
      <bdi dir="ltr" className="account-header__phone" data-testid="account-phone">
        {account.formattedPhone}
      </bdi>
      <span className="account-header__amount">
        <bdi dir="ltr" data-testid="account-net">{`${formatUsdt(account.net)} USDT`}</bdi>
        {discount !== null ? (
          <bdi dir="ltr" className="account-header__discount" data-testid="account-discount">
            {`-${discount}%`}
          </bdi>
        ) : null}
      </span>
    </div>
  )
}

function StatusSection({
  header,
  badge,
  text,
  testId,
}: {
  header: string
  badge?: ReactNode
  text: string
  testId: string
}) {
  return (
    <Section header={header}>
      <Cell testId={testId} after={badge}>
        <span className="account-status__text">{text}</span>
      </Cell>
    </Section>
  )
}

function AccountSections({ account }: { account: Account }) {
  const { t } = useTranslation('accounts')
  const limit = limitTexts(account)
  return (
    <>
      <StatusSection
        header={t('accounts.detail.acceptance')}
        testId="account-acceptance"
        badge={<Badge tone={ACCEPTANCE_TONE[account.status]}>{t(`accounts.status.${account.status}`)}</Badge>}
        text={t(acceptanceText(account))}
      />
      <StatusSection
        header={t('accounts.detail.limit')}
        testId="account-limit"
        badge={<Badge tone={LIMIT_TONE[shownLimitStatus(account)]}>{t(limit.title)}</Badge>}
        text={t(limit.description)}
      />
      <StatusSection
        header={t('accounts.detail.validation')}
        testId="account-validation"
        text={t(validationText(account))}
      />
    </>
  )
}

type AccountDetailProps = {
  accountUid: string
  invoiceUid: string | undefined
  /** What to show when the account cannot be loaded (the app's 404 page). */
  notFound: ReactNode
}

/**
 * /accounts/:accountUid and /invoices/:invoiceUid/accounts/:accountUid: header, then Acceptance, Limit and
 * Validation status. Back goes to the invoice it was opened from, otherwise to /accounts.
 */
export function AccountDetail({ accountUid, invoiceUid, notFound }: AccountDetailProps) {
  const { t } = useTranslation('accounts')
  const navigate = useNavigate()
  const query = useAccount(accountUid)
  useBackHandler(() => {
    void navigate(invoiceUid ? paths.invoice(invoiceUid) : paths.accounts)
  })

  if (query.isPending) {
    return (
      <main className="fullscreen-center" data-testid="account-loading">
        <Spinner label={t('accounts.loading')} />
      </main>
    )
  }
  if (query.isError) return notFound
  return (
    <Page testId="account-detail">
      <AccountHeader account={query.data} />
      <AccountSections account={query.data} />
    </Page>
  )
}
