/**
 * All SQL about exchange rates, kept with their history: a new rate is a new row, the newest row of a pair
 * is the rate. Prices are integer micro-units (price x 10^6), like USDT amounts.
 */
import type { ExchangePair } from '@app/contract'
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { exchangeRates } from '../../db/schema.ts'

export async function findCurrentRate(db: Db, pair: ExchangePair): Promise<bigint | undefined> {
  const [row] = await db
    .select({ price: exchangeRates.price })
    .from(exchangeRates)
    .where(eq(exchangeRates.pair, pair))
    .orderBy(desc(exchangeRates.id))
    .limit(1)
  return row?.price
}

export async function insertRate(db: Db, pair: ExchangePair, price: bigint, createdAt: Date): Promise<void> {
  await db.insert(exchangeRates).values({ pair, price, createdAt })
}

/** The pair's rates, newest first. */
export async function findRates(db: Db, pair: ExchangePair, limit: number) {
  return db
    .select()
    .from(exchangeRates)
    .where(eq(exchangeRates.pair, pair))
    .orderBy(desc(exchangeRates.id))
    .limit(limit)
}
