import type { Transaction } from '@app/contract'
import type { ReactNode } from 'react'
import { DetailScreen } from '#components/layout/detail-screen.tsx'
import { Page } from '#components/layout/page.tsx'
import { Badge } from '#components/ui/badge.tsx'
import { HeaderCard, HeaderFigure, HeaderLine } from '#components/ui/header-card.tsx'
import { Cell, Section } from '#components/ui/list.tsx'
import { paths } from '#config/paths.ts'
import { useLongPress } from '#hooks/use-long-press.ts'
import { copyText } from '#lib/clipboard.ts'
import { formatNet, formatTimestamp, formatUsdt } from '#lib/format.ts'
import { hapticNotification } from '#lib/telegram/haptics.ts'
import { openExternalUrl } from '#lib/telegram/links.ts'
import { showToast } from '#lib/toast.ts'
import { TRANSACTION_TONE } from '#lib/transaction-tone.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useTransaction } from '../api/get-transaction.ts'
import { formatRate, usdtEquivalent } from '../format.ts'
import {
  explorerUrl,
  showsPendingNote,
  statusDetailsKey,
  statusNameKey,
  trackingNumber,
} from '../transaction-texts.ts'
import { CopyIcon, ExternalLinkIcon } from './payment-icons.tsx'

function useCopy() {
  const { t } = useTranslation('payments')
  return (text: string) =>
    void copyText(text).then((copied) => {
      hapticNotification(copied ? 'success' : 'error')
      showToast(copied ? t('payments.transaction.copied') : t('payments.transaction.copyFailed'))
    })
}

/** An address cell: press and hold (or the copy button) copies it. */
function AddressCell({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('payments')
  const copy = useCopy()
  const press = useLongPress(() => copy(value))
  return (
    <li>
      <div className="cell payments-address" data-testid={testId} {...press}>
        <span className="cell__content">
          <span className="cell__subtitle">{label}</span>
          <bdi dir="ltr" className="payments-mono">
            {value}
          </bdi>
        </span>
        <button
          type="button"
          className="payments-copy"
          aria-label={t('payments.transaction.copyLabel', { label })}
          onPointerDown={(event) => event.stopPropagation()}
          onClick={() => copy(value)}
        >
          <CopyIcon />
        </button>
      </div>
    </li>
  )
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Cell testId={testId} after={children}>
      {label}
    </Cell>
  )
}

function TransactionHeader({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation('payments')
  const currency = t(`payments.currency.${transaction.currency}`)
  const foreign = transaction.currency !== 'usdt'
  return (
    <HeaderCard testId="transaction-header">
      {transaction.currency === 'irt' ? (
        // 'toman' is a word of the language: the amount reads in the language's direction (fa: right to left).
        <HeaderFigure testId="transaction-net">
          {t('payments.transaction.amountToman', { amount: formatNet(transaction.net, 'irt') })}
        </HeaderFigure>
      ) : (
        <HeaderFigure dir="ltr" testId="transaction-net">
          {`${formatNet(transaction.net, transaction.currency)} ${currency}`}
        </HeaderFigure>
      )}
      {foreign ? (
        <HeaderLine dir="ltr" testId="transaction-usdt">
          {t('payments.transaction.usdtEquivalent', {
            amount: usdtEquivalent(transaction.net, transaction.rate),
          })}
        </HeaderLine>
      ) : null}
      {foreign ? (
        <HeaderLine dir="ltr" testId="transaction-rate">
          {t('payments.transaction.rate', { rate: formatRate(transaction.rate), currency })}
        </HeaderLine>
      ) : null}
      {transaction.userFee !== 0 ? (
        // Direction from the text: the English line is left to right, the Persian one right to left around an
        // isolated '-0.30 USDT'.
        <HeaderLine tone="alert" testId="transaction-fee">
          {t('payments.transaction.fee', { fee: formatUsdt(transaction.userFee) })}
        </HeaderLine>
      ) : null}
    </HeaderCard>
  )
}

function TransactionSections({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation('payments')
  const url = explorerUrl(transaction)
  const tracking = trackingNumber(transaction)
  return (
    <>
      <Section header={t('payments.transaction.statusHeader')}>
        <Cell
          testId="transaction-status"
          after={
            <Badge tone={TRANSACTION_TONE[transaction.status]}>{t(statusNameKey(transaction.status))}</Badge>
          }
        >
          <span className="payments-wrap">{t(statusDetailsKey(transaction.status))}</span>
        </Cell>
        {showsPendingNote(transaction) ? (
          <Cell testId="transaction-pending-note">
            <span className="payments-wrap payments-hint">{t('payments.transaction.pendingNote')}</span>
          </Cell>
        ) : null}
      </Section>
      <Section header={t('payments.transaction.detailsHeader')}>
        <Row label={t('payments.transaction.createdAt')} testId="transaction-created">
          <bdi dir="ltr">{formatTimestamp(transaction.createdAt)}</bdi>
        </Row>
        {transaction.status === 'success' && transaction.paidAt !== null ? (
          <Row label={t('payments.transaction.paidAt')} testId="transaction-paid">
            <bdi dir="ltr">{formatTimestamp(transaction.paidAt)}</bdi>
          </Row>
        ) : null}
        {transaction.referrerTelegramId !== null ? (
          <Row label={t('payments.transaction.referrer')} testId="transaction-referrer">
            <bdi dir="ltr">{transaction.referrerTelegramId}</bdi>
          </Row>
        ) : null}
      </Section>
      <Section header={t('payments.transaction.transferHeader')}>
        {url && transaction.txid ? (
          <li>
            <a
              className="cell payments-address"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="transaction-explorer"
              onClick={(event) => {
                event.preventDefault()
                openExternalUrl(url)
              }}
            >
              <span className="cell__content">
                <span className="cell__subtitle">
                  {t(
                    transaction.currency === 'trx'
                      ? 'payments.transaction.viewOnTronscan'
                      : 'payments.transaction.viewOnBscscan',
                  )}
                </span>
                <bdi dir="ltr" className="payments-mono payments-link">
                  {transaction.txid}
                </bdi>
              </span>
              <span className="payments-external">
                <ExternalLinkIcon />
              </span>
            </a>
          </li>
        ) : null}
        {tracking ? (
          <AddressCell
            label={t('payments.transaction.trackingNumber')}
            value={tracking}
            testId="transaction-tracking"
          />
        ) : null}
        {transaction.currency !== 'irt' && transaction.senderAddress ? (
          <AddressCell
            label={t('payments.transaction.sender')}
            value={transaction.senderAddress}
            testId="transaction-sender"
          />
        ) : null}
        <AddressCell
          label={t(
            transaction.currency === 'irt'
              ? 'payments.transaction.receiverIban'
              : 'payments.transaction.receiver',
          )}
          value={transaction.receiverAddress}
          testId="transaction-receiver"
        />
      </Section>
    </>
  )
}

type TransactionDetailProps = {
  transactionUid: string
  invoiceUid: string | undefined
  /** The app's 404 page, for a transaction that does not exist (or is not the user's). */
  notFound: ReactNode
}

/**
 * /transactions/:transactionUid and /invoices/:invoiceUid/transactions/:transactionUid: the payout's net amount,
 * rate and USDT equivalent, fee, status, dates, the explorer link (crypto) or tracking number (toman) and
 * addresses. Back goes to the invoice it was
 * opened from, or (opened by its own path, as a bot button does) to the transaction's invoice once read, otherwise
 * to the invoice list.
 */
export function TransactionDetail({ transactionUid, invoiceUid, notFound }: TransactionDetailProps) {
  const { t } = useTranslation('payments')
  const query = useTransaction(transactionUid)
  const backTo = invoiceUid ?? query.data?.invoiceUid
  return (
    <DetailScreen
      query={query}
      back={backTo ? paths.invoice(backTo) : paths.invoices}
      testId="transaction"
      title={t('payments.transaction.title')}
      loadingLabel={t('payments.loading')}
      loadFailed={t('payments.transaction.loadFailed')}
      notFound={notFound}
    >
      {(transaction) => (
        <Page title={t('payments.transaction.title')} testId="transaction-detail">
          <TransactionHeader transaction={transaction} />
          <TransactionSections transaction={transaction} />
        </Page>
      )}
    </DetailScreen>
  )
}
