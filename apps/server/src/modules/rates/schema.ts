/**
 * Exchange rates and the changes that wait for a second admin (docs/transactions.md). Part of the one schema:
 * db/schema.ts re-exports it, and drizzle-kit reads it there.
 */
import type { ExchangePair } from '@app/contract'
import { bigint, bigserial, index, pgTable, text } from 'drizzle-orm/pg-core'
import { at, createdAt } from '#db/columns.ts'
import { operators } from '../operators/schema.ts'

/** Exchange rates set by operators, with their history: the newest row of a pair is the rate. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** USDTIRT (toman per USDT), USDTTRX (TRX per USDT). */
    pair: text('pair').$type<ExchangePair>().notNull(),
    /** Units of the quote currency per 1 USDT, x 10^6. */
    price: bigint('price', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('exchange_rates_pair_id_idx').on(t.pair, t.id)],
)

/**
 * An exchange rate change beyond the step (four eyes, docs/transactions.md): proposed by one named admin against the
 * rate then in force (`base_price`), applied only on another's approval; one per pair, a new proposal replaces it.
 */
export const pendingRates = pgTable('pending_rates', {
  pair: text('pair').$type<ExchangePair>().primaryKey(),
  /** Micro-units, as `exchange_rates.price`. */
  price: bigint('price', { mode: 'bigint' }).notNull(),
  basePrice: bigint('base_price', { mode: 'bigint' }).notNull(),
  proposedBy: bigint('proposed_by', { mode: 'number' })
    .notNull()
    .references(() => operators.id),
  proposedAt: at('proposed_at').notNull(),
})
