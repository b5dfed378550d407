/** Exchange rates: the price users see (GET /exchanges/{pair}), and operators' rates with their history. */
import type { ExchangePair } from '@app/contract'
import type { Db } from '../../db/client.ts'
import { DomainError, validationError } from '../../lib/domain-error.ts'
import { formatUsdt, parseUsdt } from '../../lib/money.ts'
import { findCurrentRate, findRates, insertRate } from './exchange-rate-repository.ts'

export type ExchangeRateServiceDeps = { db: Db; now: () => Date }
export type ExchangeRateService = ReturnType<typeof createExchangeRateService>

export const rateUnavailable = (pair: ExchangePair) =>
  new DomainError(409, 'EXCHANGE_RATE_UNAVAILABLE', `No ${pair} exchange rate is set`)

export function createExchangeRateService({ db, now }: ExchangeRateServiceDeps) {
  async function history(pair: ExchangePair, limit: number) {
    const rows = await findRates(db, pair, limit)
    return rows.map((row) => ({ pair, price: formatUsdt(row.price), setAt: row.createdAt.toISOString() }))
  }

  return {
    /** GET /exchanges/{pair}: the price as a number. */
    async price(pair: ExchangePair): Promise<{ price: number }> {
      const price = await findCurrentRate(db, pair)
      if (price === undefined) throw rateUnavailable(pair)
      return { price: Number(formatUsdt(price)) }
    },

    /** An operator's new rate: a positive decimal with at most 6 decimals. */
    async set(pair: ExchangePair, input: string) {
      const price = parseUsdt(input)
      if (price === undefined || price === 0n) {
        throw validationError('price: must be a positive number with at most 6 decimals')
      }
      const setAt = now()
      await insertRate(db, pair, price, setAt)
      return { pair, price: formatUsdt(price), setAt: setAt.toISOString() }
    },

    history,

    /** The rate in force before an operator sets another (the audit log); null when there is none. */
    snapshot: async (pair: ExchangePair) => (await history(pair, 1))[0] ?? null,
  }
}
