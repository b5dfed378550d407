/**
 * What a transaction pays and is worth (docs/transactions.md, 'Exchange rates'): its net in its currency, and its value
 * in USDT for four eyes and the largest payment.
 */
import { type ExchangePair, USDT_BEP20_FEE } from '@app/contract'
import type { Db } from '#db/client.ts'
import { parseUsdt } from '#lib/money.ts'
import { findLowestRate } from '../rates/repository.ts'
import { rateUnavailable } from '../rates/service.ts'
import type { TransactionsContext } from './context.ts'
import type { TransactionCurrency } from './status-rules.ts'

export const MICRO = 1_000_000n
export const USDT_FEE_MINOR = parseUsdt(String(USDT_BEP20_FEE)) ?? 0n
export const RATE_PAIR: Record<Exclude<TransactionCurrency, 'usdt'>, ExchangePair> = {
  trx: 'USDTTRX',
  irt: 'USDTIRT',
}

/**
 * What the operator pays, in the transaction currency's minor units, rounded down so that a transaction never
 * exceeds the invoice: trx and usdt to cents (storage keeps 6 decimals), toman to whole toman.
 */
export function transactionNet(
  currency: TransactionCurrency,
  amount: bigint,
  fee: bigint,
  rate: bigint,
): bigint {
  const usdt = amount - fee
  if (currency === 'irt') return (usdt * rate) / (MICRO * MICRO)
  const minor = (usdt * rate) / MICRO
  return minor - (minor % 10_000n)
}

/**
 * What a transaction of `net` (its currency's minor units) is worth in USDT minor units, for four eyes and the largest
 * payment: converted at the lowest rate of its pair in force over the window before `at` (FOUR_EYES_DELAY_SECONDS),
 * rounded up, and never less than the invoice amount. A rate moved up lately cannot shrink it.
 */
export async function valueInUsdt(
  ctx: TransactionsContext,
  tx: Db,
  currency: TransactionCurrency,
  amount: bigint,
  net: bigint,
  at: Date,
) {
  if (currency === 'usdt') return amount
  const windowMs = (ctx.config?.operators?.fourEyesDelaySeconds ?? 24 * 3600) * 1000
  const pair = RATE_PAIR[currency]
  const lowest = await findLowestRate(tx, pair, new Date(at.getTime() - windowMs), at)
  if (lowest === undefined) throw rateUnavailable(pair)
  const scaled = currency === 'irt' ? net * MICRO * MICRO : net * MICRO
  const value = (scaled + lowest - 1n) / lowest
  return value > amount ? value : amount
}
