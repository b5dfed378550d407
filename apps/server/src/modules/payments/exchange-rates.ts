/**
 * Exchange rates set by operators, kept with their history: a new rate is a new row, the newest row of
 * a pair is the rate. Prices are integer micro-units (price x 10^6), like USDT amounts.
 */
import type { ExchangePair } from '@app/contract'
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { exchangeRates } from '../../db/schema.ts'
import { DomainError, validationError } from '../../lib/domain-error.ts'
import { formatUsdt, parseUsdt } from '../../lib/money.ts'

export async function currentRate(db: Db, pair: ExchangePair): Promise<bigint | undefined> {
  const [row] = await db
    .select({ price: exchangeRates.price })
    .from(exchangeRates)
    .where(eq(exchangeRates.pair, pair))
    .orderBy(desc(exchangeRates.id))
    .limit(1)
  return row?.price
}

export const rateUnavailable = (pair: ExchangePair) =>
  new DomainError(409, 'EXCHANGE_RATE_UNAVAILABLE', `No ${pair} exchange rate is set`)

/** GET /exchanges/{pair}: the price as a number. */
export async function getExchangePrice(db: Db, pair: ExchangePair): Promise<{ price: number }> {
  const price = await currentRate(db, pair)
  if (price === undefined) throw rateUnavailable(pair)
  return { price: Number(formatUsdt(price)) }
}

/** An operator's new rate: a positive decimal with at most 6 decimals. */
export async function setRate(db: Db, pair: ExchangePair, input: string, now: Date) {
  const price = parseUsdt(input)
  if (price === undefined || price === 0n) {
    throw validationError('price: must be a positive number with at most 6 decimals')
  }
  await db.insert(exchangeRates).values({ pair, price, createdAt: now })
  return { pair, price: formatUsdt(price), setAt: now.toISOString() }
}

export async function rateHistory(db: Db, pair: ExchangePair, limit: number) {
  const rows = await db
    .select()
    .from(exchangeRates)
    .where(eq(exchangeRates.pair, pair))
    .orderBy(desc(exchangeRates.id))
    .limit(limit)
  return rows.map((row) => ({ pair, price: formatUsdt(row.price), setAt: row.createdAt.toISOString() }))
}
