import type { Transaction } from '@app/contract'
import { Badge } from '#components/ui/badge.tsx'
import { Cell, Section } from '#components/ui/list.tsx'
import { paths } from '#config/paths.ts'
import { formatTimestamp } from '#lib/format.ts'
import { TRANSACTION_TONE } from '#lib/transaction-tone.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { transactionName } from '../invoice-status.ts'
import { TransactionNet } from './money.tsx'

/** 'N Transaction(s)': every payout attempt of the invoice, each opening its transaction screen. */
export function InvoiceTransactions({
  invoiceUid,
  transactions,
}: {
  invoiceUid: string
  transactions: readonly Transaction[]
}) {
  const { t } = useTranslation('invoices')
  return (
    <div data-testid="invoice-transactions">
      <Section header={t('invoices.detail.transactions', { count: transactions.length })}>
        {transactions.length === 0 ? (
          <Cell>
            <span className="invoice-muted">{t('invoices.detail.noTransactions')}</span>
          </Cell>
        ) : (
          transactions.map((transaction) => (
            <Cell
              key={transaction.uid}
              to={paths.invoiceTransaction(invoiceUid, transaction.uid)}
              testId="invoice-transaction-row"
              chevron
              subtitle={<bdi dir="ltr">{formatTimestamp(transaction.createdAt)}</bdi>}
              after={
                <Badge tone={TRANSACTION_TONE[transaction.status]}>
                  {t(transactionName(transaction.status))}
                </Badge>
              }
            >
              <TransactionNet net={transaction.net} currency={transaction.currency} />
            </Cell>
          ))
        )}
      </Section>
    </div>
  )
}
