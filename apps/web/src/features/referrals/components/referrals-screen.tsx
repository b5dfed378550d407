import { ErrorCode, type ReferralEarningsStats, type ReferralStats } from '@app/contract'
import { UsersIcon } from '#components/icons.tsx'
import { Page } from '#components/layout/page.tsx'
import { HeaderCard, HeaderFigure, HeaderLine } from '#components/ui/header-card.tsx'
import { Cell, Section } from '#components/ui/list.tsx'
import { LoadError } from '#components/ui/load-error.tsx'
import { Placeholder } from '#components/ui/placeholder.tsx'
import { Skeleton } from '#components/ui/skeleton.tsx'
import { isApiError } from '#lib/api-error.ts'
import { copyText } from '#lib/clipboard.ts'
import { showDialog } from '#lib/dialogs.ts'
import { showErrorDialog } from '#lib/error-message.ts'
import { formatUsdt } from '#lib/format.ts'
import { hapticImpact, hapticNotification } from '#lib/telegram/haptics.ts'
import { openTelegramUrl } from '#lib/telegram/links.ts'
import { showToast } from '#lib/toast.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useReferralEarnings } from '../api/get-referral-earnings.ts'
import { useReferralStats } from '../api/get-referral-stats.ts'
import { useRefreshReferralLink } from '../api/refresh-referral-link.ts'
import { displayLink, shareUrl } from '../share-link.ts'
import './referrals.css'

/** Total, paid and available (total minus paid), USDT with 2 decimals (spec sections 2 and 3). */
function EarningsCard({ earnings }: { earnings: ReferralEarningsStats | undefined }) {
  const { t } = useTranslation('referrals')
  if (!earnings) {
    return (
      <HeaderCard testId="referrals-earnings-loading">
        <Skeleton width="40%" height={28} />
        <Skeleton width="55%" />
      </HeaderCard>
    )
  }
  const available = Math.max(0, earnings.totalAmount - earnings.paidAmount)
  return (
    <HeaderCard testId="referrals-earnings">
      <HeaderFigure dir="ltr" testId="referrals-available">
        {formatUsdt(available)} USDT
      </HeaderFigure>
      <HeaderLine>{t('referrals.earnings.available')}</HeaderLine>
      <HeaderLine testId="referrals-total">
        {t('referrals.earnings.total')} <bdi dir="ltr">{formatUsdt(earnings.totalAmount)} USDT</bdi>
      </HeaderLine>
      <HeaderLine testId="referrals-paid">
        {t('referrals.earnings.paid')} <bdi dir="ltr">{formatUsdt(earnings.paidAmount)} USDT</bdi>
      </HeaderLine>
    </HeaderCard>
  )
}

/** The live link with Copy, Share and Revoke, and how many people joined. */
function LinkSection({ stats }: { stats: ReferralStats }) {
  const { t } = useTranslation(['referrals', 'common'])
  const refresh = useRefreshReferralLink()
  const { link } = stats.referralLink

  const copy = async () => {
    const copied = await copyText(link)
    hapticNotification(copied ? 'success' : 'error')
    showToast(t(copied ? 'referrals.link.copied' : 'referrals.link.copyFailed'))
  }
  const share = () => {
    hapticImpact('light')
    openTelegramUrl(shareUrl(link, t('referrals.link.shareText')))
  }
  const revoke = async () => {
    const answer = await showDialog({
      title: t('referrals.revoke.title'),
      message: t('referrals.revoke.confirm'),
      buttons: [
        { id: 'cancel', text: t('action.cancel', { ns: 'common' }) },
        { id: 'revoke', text: t('referrals.revoke.button'), type: 'destructive' },
      ],
    })
    if (answer !== 'revoke') return
    refresh.mutate(undefined, {
      onSuccess: () => {
        hapticNotification('success')
        void showDialog({
          title: t('referrals.revoke.successTitle'),
          message: t('referrals.revoke.success'),
          buttons: [{ id: 'ok', text: t('action.ok', { ns: 'common' }) }],
        })
      },
      onError: () => void showErrorDialog(t, t('referrals.revoke.failure')),
    })
  }

  return (
    <Section
      header={t('referrals.link.header')}
      footer={t('referrals.joined', { count: stats.referralCount })}
      aria-label={t('referrals.link.header')}
    >
      <Cell testId="referrals-link">
        <bdi dir="ltr" className="referrals-link">
          {displayLink(link)}
        </bdi>
      </Cell>
      <Cell onClick={() => void copy()} testId="referrals-copy">
        <span className="referrals-action">{t('referrals.link.copy')}</span>
      </Cell>
      <Cell onClick={share} testId="referrals-share">
        <span className="referrals-action">{t('referrals.link.share')}</span>
      </Cell>
      <Cell onClick={() => void revoke()} disabled={refresh.isPending} testId="referrals-revoke">
        <span className="referrals-action referrals-action--destructive">
          {refresh.isPending ? t('referrals.revoke.pending') : t('referrals.revoke.button')}
        </span>
      </Cell>
    </Section>
  )
}

function LinkSkeleton() {
  return (
    <Section>
      <Cell testId="referrals-link-loading">
        <Skeleton width="70%" />
      </Cell>
    </Section>
  )
}

/** /referrals: earnings, the link and the count; a user who may not refer is told so instead. */
export function ReferralsScreen() {
  const { t } = useTranslation('referrals')
  const stats = useReferralStats()
  const earnings = useReferralEarnings()

  if (isApiError(stats.error) && stats.error.code === ErrorCode.REFERRAL_NOT_ALLOWED) {
    return (
      <Page title={t('referrals.title')} testId="referrals">
        <Placeholder icon={<UsersIcon />} description={t('referrals.notAllowed')} />
      </Page>
    )
  }
  if (stats.isError || earnings.isError) {
    return (
      <Page title={t('referrals.title')} testId="referrals">
        <LoadError
          description={t('referrals.loadFailed')}
          onRetry={() => {
            if (stats.isError) void stats.refetch()
            if (earnings.isError) void earnings.refetch()
          }}
        />
      </Page>
    )
  }
  return (
    <Page title={t('referrals.title')} testId="referrals">
      <EarningsCard earnings={earnings.data} />
      {stats.data ? <LinkSection stats={stats.data} /> : <LinkSkeleton />}
    </Page>
  )
}
