import type { Transaction } from '@app/contract'
import { formatNet, formatUsdt } from '#lib/format.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { currencyName } from '../invoice-status.ts'

/** '12.50 USDT', kept left to right inside Persian text like every amount of the app. */
export function Usdt({ amount, testId }: { amount: number; testId?: string }) {
  return <bdi dir="ltr" data-testid={testId}>{`${formatUsdt(amount)} USDT`}</bdi>
}

/**
 * A payout amount in its currency: trx and usdt with 2 decimals, toman whole. The toman word is translated
 * and follows the page direction; only the number is forced left to right.
 */
export function TransactionNet({ net, currency }: Pick<Transaction, 'net' | 'currency'>) {
  const { t } = useTranslation('invoices')
  if (currency !== 'irt') {
    return <bdi dir="ltr">{`${formatNet(net, currency)} ${t(currencyName(currency))}`}</bdi>
  }
  return (
    <span>
      <bdi dir="ltr">{formatNet(net, currency)}</bdi> {t(currencyName(currency))}
    </span>
  )
}
