import type { Account } from '@app/contract'
import type { ReactNode } from 'react'
import { DetailScreen } from '#components/layout/detail-screen.tsx'
import { Page } from '#components/layout/page.tsx'
import { Badge } from '#components/ui/badge.tsx'
import { HeaderCard, HeaderLine } from '#components/ui/header-card.tsx'
import { Cell, Section } from '#components/ui/list.tsx'
import { isolatePhoneNumber, PhoneNumber } from '#components/ui/phone-number.tsx'
import { type AccountsListPlace, paths } from '#config/paths.ts'
import { useLongPress } from '#hooks/use-long-press.ts'
import { isolateLtr } from '#lib/bidi.ts'
import { copyText } from '#lib/clipboard.ts'
import { showDialog } from '#lib/dialogs.ts'
import { formatUsdt } from '#lib/format.ts'
import { hapticNotification } from '#lib/telegram/haptics.ts'
import { showToast } from '#lib/toast.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import {
  acceptanceText,
  discountPercent,
  failedCheckMeaning,
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
      message: t('accounts.detail.infoMessage', {
        phone: isolatePhoneNumber(account.formattedPhone),
        uid: isolateLtr(account.uid),
      }),
      buttons: [{ id: 'ok', text: t('action.ok', { ns: 'common' }) }],
    })
  }
  return (
    <HeaderCard className="account-header" testId="account-header" {...press}>
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
      <PhoneNumber className="account-header__phone" testId="account-phone">
        {account.formattedPhone}
      </PhoneNumber>
      <span className="account-header__amount">
        <HeaderLine dir="ltr" testId="account-net">{`${formatUsdt(account.net)} USDT`}</HeaderLine>
        {discount !== null ? (
          <HeaderLine dir="ltr" tone="alert" testId="account-discount">
            {`-${discount}%`}
          </HeaderLine>
        ) : null}
      </span>
    </HeaderCard>
  )
}

function StatusSection({
  header,
  badge,
  text,
  note,
  testId,
}: {
  header: string
  badge?: ReactNode
  text: string
  /** A second line under the text (what a failed check's short label means). */
  note?: ReactNode
  testId: string
}) {
  return (
    <Section header={header}>
      <Cell testId={testId} after={badge} subtitle={note}>
        <span className="account-status__text">{text}</span>
      </Cell>
    </Section>
  )
}

function AccountSections({ account }: { account: Account }) {
  const { t } = useTranslation('accounts')
  const limit = limitTexts(account)
  const meaning = failedCheckMeaning(account)
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
        note={meaning ? <span data-testid="account-failed-check">{t(meaning)}</span> : null}
      />
    </>
  )
}

type AccountDetailProps = {
  accountUid: string
  invoiceUid: string | undefined
  /** The accounts list's tab and search it was opened from (its URL's `?tab=&search=`), for back. */
  from: AccountsListPlace | null
  /** The app's 404 page, for an account that does not exist (or is not the user's). */
  notFound: ReactNode
}

/**
 * /accounts/:accountUid and /invoices/:invoiceUid/accounts/:accountUid: header, then Acceptance, Limit and
 * Validation status. Back goes to the invoice it was opened from, otherwise to /accounts, at the tab and search
 * the account was opened from (`/accounts?tab=rejected&search=0115`, which opens that tab). Loading, missing and
 * failed states follow the detail screens' one rule (DetailScreen).
 */
export function AccountDetail({ accountUid, invoiceUid, from, notFound }: AccountDetailProps) {
  const { t } = useTranslation('accounts')
  const query = useAccount(accountUid)
  return (
    <DetailScreen
      query={query}
      back={invoiceUid ? paths.invoice(invoiceUid) : paths.accountsAt(from)}
      testId="account"
      title={t('accounts.detail.title')}
      loadingLabel={t('accounts.loading')}
      loadFailed={t('accounts.detail.loadFailed')}
      notFound={notFound}
    >
      {(account) => (
        <Page testId="account-detail">
          <AccountHeader account={account} />
          <AccountSections account={account} />
        </Page>
      )}
    </DetailScreen>
  )
}
