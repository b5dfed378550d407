/**
 * All SQL about exchange rates, kept with their history: a new rate is a new row, the newest row of a pair
 * is the rate. Prices are integer micro-units (price x 10^6), like USDT amounts. A change beyond the step waits in
 * `pending_rates` for a second admin (docs/transactions.md, 'Exchange rates').
 */
import type { ExchangePair } from '@app/contract'
import { and, asc, desc, eq, gt, lte, min, or, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { exchangeRates, operators, pendingRates } from '#db/schema.ts'

export async function findCurrentRate(db: Db, pair: ExchangePair): Promise<bigint | undefined> {
  return (await findCurrentRateRow(db, pair))?.price
}

export async function findCurrentRateRow(db: Db, pair: ExchangePair) {
  const [row] = await db
    .select({ price: exchangeRates.price, createdAt: exchangeRates.createdAt })
    .from(exchangeRates)
    .where(eq(exchangeRates.pair, pair))
    .orderBy(desc(exchangeRates.id))
    .limit(1)
  return row
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

/**
 * The lowest rate of the pair in force at any time from `from` to `at`: the one in force at `from` and every one set
 * since. Undefined when none was.
 */
export async function findLowestRate(db: Db, pair: ExchangePair, from: Date, at: Date) {
  const inForceAtStart = sql`${exchangeRates.id} = (select max(r.id) from ${exchangeRates} r
    where r.pair = ${pair} and r.created_at <= ${from.toISOString()})`
  const [row] = await db
    .select({ price: min(exchangeRates.price) })
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.pair, pair),
        lte(exchangeRates.createdAt, at),
        or(gt(exchangeRates.createdAt, from), inForceAtStart),
      ),
    )
  return row?.price === null || row?.price === undefined ? undefined : BigInt(row.price)
}

/** Holds the pair until the database transaction ends: its changes and approvals happen one at a time. */
export async function lockPair(tx: Db, pair: ExchangePair): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate:${pair}`}))`)
}

export type PendingRateRecord = {
  pair: ExchangePair
  price: bigint
  basePrice: bigint
  proposedBy: number
  proposedByLogin: string
  proposedAt: Date
}

const pendingColumns = {
  pair: pendingRates.pair,
  price: pendingRates.price,
  basePrice: pendingRates.basePrice,
  proposedBy: pendingRates.proposedBy,
  proposedByLogin: operators.login,
  proposedAt: pendingRates.proposedAt,
}

/** The waiting changes, of one pair or of all, by pair. */
export async function findPendingRates(db: Db, pair?: ExchangePair): Promise<PendingRateRecord[]> {
  return db
    .select(pendingColumns)
    .from(pendingRates)
    .innerJoin(operators, eq(operators.id, pendingRates.proposedBy))
    .where(pair === undefined ? undefined : eq(pendingRates.pair, pair))
    .orderBy(asc(pendingRates.pair))
}

/** Proposes a change (replacing one that waits for the pair). */
export async function upsertPendingRate(
  db: Db,
  change: { pair: ExchangePair; price: bigint; basePrice: bigint; proposedBy: number; proposedAt: Date },
): Promise<void> {
  const { pair, ...rest } = change
  await db.insert(pendingRates).values(change).onConflictDoUpdate({ target: pendingRates.pair, set: rest })
}

/** Drops the pair's waiting change; whether there was one. */
export async function deletePendingRate(db: Db, pair: ExchangePair): Promise<boolean> {
  const deleted = await db
    .delete(pendingRates)
    .where(eq(pendingRates.pair, pair))
    .returning({ pair: pendingRates.pair })
  return deleted.length > 0
}
