/**
 * Amounts as the mini-app writes them (the contract's digit rule, `amounts.ts`): grouped by commas, toman whole with
 * its word ('1,182,000 Toman'), USDT and TRX with at least 2 decimals and every decimal the server has (the amount
 * to send is exact). Operators copy these into bank and wallet forms, so the copy button copies the plain number.
 */
import { formatDecimal, formatToman } from '@app/contract'
import { CopyButton } from './reason-dialog.tsx'

const CURRENCY_WORD: Record<string, string> = { irt: 'Toman', usdt: 'USDT', trx: 'TRX' }

/** '1,182,000' (toman) or '12.50' (USDT, TRX): the number alone. */
function formatAmount(value: string, currency: string): string {
  return currency === 'irt' ? formatToman(value) : formatDecimal(value, 2)
}

/** '1,182,000 Toman', '12.50 USDT'. */
export function formatMoney(value: string, currency: string): string {
  return `${formatAmount(value, currency)} ${CURRENCY_WORD[currency] ?? currency.toUpperCase()}`
}

/** What a form takes: the digits and the point, no separators ('1182000', '12.5'). */
const plain = (value: string, currency: string) => formatAmount(value, currency).replaceAll(',', '')

/** An amount in its currency, tabular digits; with `copy`, a button that copies the plain number. */
export function Money({
  value,
  currency,
  copy = false,
}: {
  value: string
  currency: string
  copy?: boolean
}) {
  return (
    <span className="money">
      <span className="num">{formatMoney(value, currency)}</span>
      {copy ? <CopyButton value={plain(value, currency)} title={`Copy ${plain(value, currency)}`} /> : null}
    </span>
  )
}

/** A USDT amount where the column names the currency: '1,234.50'. */
export function Usdt({ value }: { value: string }) {
  return <span className="num">{formatDecimal(value, 2)}</span>
}
