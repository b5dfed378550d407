import type { CSSProperties, ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { Page } from '#components/layout/page.tsx'
import { paths } from '#config/paths.ts'
import { showDialog } from '#lib/dialogs.ts'
import { useBackHandler } from '#lib/telegram/back-handlers.ts'
import { hapticImpact, hapticNotification } from '#lib/telegram/haptics.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { BankIcon, TetherIcon, TronIcon } from './payment-icons.tsx'

type MethodRowProps = {
  icon: ReactNode
  iconColor: string
  title: string
  subtitle: string
  testId: string
  onSelect: () => void
  /** The toman row reads right to left in Persian whatever the app language (spec section 2). */
  persian?: boolean
}

/** A cell of the UI kit (same classes) that can be laid out in its own direction and language. */
function MethodRow({ icon, iconColor, title, subtitle, testId, onSelect, persian }: MethodRowProps) {
  return (
    <li>
      <button
        type="button"
        className="cell cell--with-icon payments-method"
        data-testid={testId}
        onClick={onSelect}
        {...(persian ? { dir: 'rtl', lang: 'fa' } : {})}
      >
        <span className="cell__icon" style={{ '--cell-icon-bg': iconColor } as CSSProperties}>
          {icon}
        </span>
        <span className="cell__content">
          <span className="cell__title">{title}</span>
          <span className="cell__subtitle">{subtitle}</span>
        </span>
        <svg className="cell__chevron" viewBox="0 0 8 14" aria-hidden="true">
          <path d="M1 1l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  )
}

type SelectMethodScreenProps = {
  invoiceUid: string
  /** The dashboard's invoice.isPaymentOpenIrt, read when the toman row is chosen. */
  isTomanOpen: () => Promise<boolean>
}

/**
 * /invoices/:invoiceUid/select-method: TRX TRC20, USDT BEP20 or toman by bank transfer. Toman while toman
 * payouts are closed explains in Persian and stays here. Back returns to the invoice.
 */
export function SelectMethodScreen({ invoiceUid, isTomanOpen }: SelectMethodScreenProps) {
  const { t } = useTranslation('payments')
  const navigate = useNavigate()
  useBackHandler(() => void navigate(paths.invoice(invoiceUid)))

  const chooseToman = async () => {
    const open = await isTomanOpen().catch(() => false)
    if (open) {
      hapticImpact('light')
      await navigate(paths.requestPaymentIrt(invoiceUid))
      return
    }
    hapticNotification('warning')
    await showDialog({
      message: t('payments.method.irtClosed'),
      buttons: [{ id: 'ok', text: t('payments.method.irtClosedOk') }],
    })
  }

  return (
    <Page title={t('payments.selectMethod.title')} testId="select-method">
      <p className="payments-intro">{t('payments.selectMethod.description')}</p>
      <section className="section" aria-label={t('payments.selectMethod.title')}>
        <ul className="section__body">
          <MethodRow
            testId="method-trx"
            icon={<TronIcon />}
            iconColor="#eb0029"
            title={t('payments.method.trx')}
            subtitle={t('payments.method.trxSubtitle')}
            onSelect={() => {
              hapticImpact('light')
              void navigate(paths.requestPaymentTrx(invoiceUid))
            }}
          />
          <MethodRow
            testId="method-usdt"
            icon={<TetherIcon />}
            iconColor="#26a17b"
            title={t('payments.method.usdt')}
            subtitle={t('payments.method.usdtSubtitle')}
            onSelect={() => {
              hapticImpact('light')
              void navigate(paths.requestPaymentCrypto(invoiceUid))
            }}
          />
          <MethodRow
            testId="method-irt"
            persian
            icon={<BankIcon />}
            iconColor="#0a84ff"
            title={t('payments.method.irt')}
            subtitle={t('payments.method.irtSubtitle')}
            onSelect={() => void chooseToman()}
          />
        </ul>
      </section>
    </Page>
  )
}
