/**
 * Exchange rates: the price users see (GET /exchanges/{pair}), and operators' rates with their history. A rate stays
 * within its pair's bounds (settings), and a change beyond the step from the rate in force is proposed by one named
 * admin and applied on another's approval (four eyes; docs/transactions.md, 'Exchange rates').
 */
import type { ExchangePair } from '@app/contract'
import type { Db } from '#db/client.ts'
import { DomainError, notFound, validationError } from '#lib/domain-error.ts'
import { formatUsdt, parseUsdt } from '#lib/money.ts'
import { readSettingsAt } from '../settings/repository.ts'
import { formatBasisPoints, RATE_BOUNDS, type SettingsValues } from '../settings/settings-definitions.ts'
import { lockSigner, type SigningOperator, signingProblem } from '../signers/signers.ts'
import {
  deletePendingRate,
  findCurrentRate,
  findCurrentRateRow,
  findPendingRates,
  findRates,
  insertRate,
  lockPair,
  type PendingRateRecord,
  upsertPendingRate,
} from './repository.ts'

export type ExchangeRateServiceDeps = { db: Db; now: () => Date }

export const rateUnavailable = (pair: ExchangePair) =>
  new DomainError(409, 'EXCHANGE_RATE_UNAVAILABLE', `No ${pair} exchange rate is set`)

/** The pair's bounds in force, micro-units. */
function boundsOf(pair: ExchangePair, settings: SettingsValues) {
  const keys = RATE_BOUNDS[pair]
  return { ...keys, low: settings[keys.min], high: settings[keys.max] }
}

export const withinBounds = (pair: ExchangePair, price: bigint, settings: SettingsValues) => {
  const { low, high } = boundsOf(pair, settings)
  return price >= low && price <= high
}

/** 400 unless the price is within the pair's bounds, naming them and their settings. */
function requireWithinBounds(pair: ExchangePair, price: bigint, settings: SettingsValues) {
  if (withinBounds(pair, price, settings)) return
  const { min, max, low, high } = boundsOf(pair, settings)
  throw validationError(
    `price: ${formatUsdt(price)} is outside the ${pair} bounds, ${formatUsdt(low)} to ${formatUsdt(high)} (settings ${min}, ${max})`,
  )
}

/** Whether `next` is within the step (hundredths of a percent) of `current`. */
const withinStep = (current: bigint, next: bigint, stepBasisPoints: number) => {
  const change = next > current ? next - current : current - next
  return change * 10_000n <= current * BigInt(stepBasisPoints)
}

/** '+25.00%', '-12.50%': the proposed change against the rate it was proposed on. */
function changeInWords(base: bigint, price: bigint): string {
  const hundredths = ((price - base) * 10_000n) / base
  const sign = hundredths < 0n ? '-' : '+'
  const size = hundredths < 0n ? -hundredths : hundredths
  return `${sign}${size / 100n}.${(size % 100n).toString().padStart(2, '0')}%`
}

const refused = (message: string) => new DomainError(409, 'INVALID_STATE', message)

function parsePrice(input: string): bigint {
  const price = parseUsdt(input)
  if (price === undefined || price === 0n) {
    throw validationError('price: must be a positive number with at most 6 decimals')
  }
  return price
}

/** A waiting change lapses after a day: the market it was proposed in has moved on (docs/transactions.md). */
export const RATE_PROPOSAL_HOURS = 24
const expiryOf = (change: PendingRateRecord) =>
  new Date(change.proposedAt.getTime() + RATE_PROPOSAL_HOURS * 3600_000)

const pendingView = (change: PendingRateRecord) => ({
  pair: change.pair,
  price: formatUsdt(change.price),
  basePrice: formatUsdt(change.basePrice),
  change: changeInWords(change.basePrice, change.price),
  proposedBy: change.proposedByLogin,
  proposedAt: change.proposedAt.toISOString(),
  expiresAt: expiryOf(change).toISOString(),
})

const rateView = (pair: ExchangePair, row: { price: bigint; createdAt: Date }) => ({
  pair,
  price: formatUsdt(row.price),
  setAt: row.createdAt.toISOString(),
})

export function createExchangeRateService({ db, now }: ExchangeRateServiceDeps) {
  async function history(pair: ExchangePair, limit: number) {
    const rows = await findRates(db, pair, limit)
    return rows.map((row) => rateView(pair, row))
  }

  /** The pair's waiting change, read in `tx` with the pair held. */
  const waitingOf = async (tx: Db, pair: ExchangePair) => (await findPendingRates(tx, pair))[0]

  return {
    /** GET /exchanges/{pair}: the price as a number. */
    async price(pair: ExchangePair): Promise<{ price: number }> {
      const price = await findCurrentRate(db, pair)
      if (price === undefined) throw rateUnavailable(pair)
      return { price: Number(formatUsdt(price)) }
    },

    /**
     * An admin's new rate: a positive decimal with at most 6 decimals, within the pair's bounds (400 otherwise).
     * Within the step of the rate in force (or the pair's first rate) it applies at once and drops a waiting change;
     * beyond it, a named admin's change waits for another's approval (answered with `pending`, the rate in force
     * unchanged), and the bootstrap token's is refused.
     */
    async set(pair: ExchangePair, input: string, by: SigningOperator) {
      const price = parsePrice(input)
      const at = now()
      return db.transaction(async (tx) => {
        await lockPair(tx, pair)
        const settings = await readSettingsAt(tx, at)
        requireWithinBounds(pair, price, settings)
        const current = await findCurrentRateRow(tx, pair)
        if (current === undefined || withinStep(current.price, price, settings.rate_step_percent)) {
          await insertRate(tx, pair, price, at)
          await deletePendingRate(tx, pair)
          return rateView(pair, { price, createdAt: at })
        }
        const step = formatBasisPoints(settings.rate_step_percent)
        if (by.id === null)
          throw refused(
            `${formatUsdt(price)} is more than ${step}% from the ${pair} rate in force (${formatUsdt(current.price)}): a named admin proposes it and another approves it; the bootstrap token proposes none`,
          )
        await upsertPendingRate(tx, {
          pair,
          price,
          basePrice: current.price,
          proposedBy: by.id,
          proposedAt: at,
        })
        const waiting = await waitingOf(tx, pair)
        if (waiting === undefined) throw new Error('a proposed rate vanished in its transaction')
        return { ...rateView(pair, current), pending: pendingView(waiting) }
      })
    },

    /**
     * A named admin approves the pair's waiting change, naming its price: not the proposer, past their signing
     * delay, while the rate in force is still the one it was proposed against and the price within the bounds.
     */
    async approve(pair: ExchangePair, input: string, by: SigningOperator) {
      if (by.id === null) throw refused('Rate changes are approved by named admins, not the bootstrap token')
      const approverId = by.id
      const price = parsePrice(input)
      const at = now()
      return db.transaction(async (tx) => {
        await lockPair(tx, pair)
        const waiting = await waitingOf(tx, pair)
        if (waiting === undefined) throw refused(`No change of the ${pair} rate waits for approval`)
        if (waiting.price !== price)
          throw refused(
            `The ${pair} change waiting is ${formatUsdt(waiting.price)}, not ${formatUsdt(price)}: approve what was proposed`,
          )
        if (at >= expiryOf(waiting))
          throw refused(
            `The ${pair} change proposed by ${waiting.proposedByLogin} lapsed at ${expiryOf(waiting).toISOString()} (a change waits ${RATE_PROPOSAL_HOURS} hours): propose it again`,
          )
        if (waiting.proposedBy === approverId)
          throw refused(`${by.login} proposed this change: another named admin approves it`)
        const problem = signingProblem(await lockSigner(tx, approverId), at)
        if (problem !== undefined) throw refused(problem)
        const current = await findCurrentRateRow(tx, pair)
        if (current?.price !== waiting.basePrice)
          throw refused(
            `The ${pair} rate is ${current === undefined ? 'unset' : formatUsdt(current.price)} now, not the ${formatUsdt(waiting.basePrice)} this change was proposed against: propose it again`,
          )
        requireWithinBounds(pair, price, await readSettingsAt(tx, at))
        await insertRate(tx, pair, price, at)
        await deletePendingRate(tx, pair)
        return rateView(pair, { price, createdAt: at })
      })
    },

    /** Withdraws the pair's waiting change (404 when none): answers the rate in force. */
    async cancel(pair: ExchangePair) {
      return db.transaction(async (tx) => {
        await lockPair(tx, pair)
        if (!(await deletePendingRate(tx, pair))) throw notFound(`No change of the ${pair} rate waits`)
        const current = await findCurrentRateRow(tx, pair)
        if (current === undefined) throw rateUnavailable(pair)
        return rateView(pair, current)
      })
    },

    /** Every waiting change, by pair. */
    pending: async () => (await findPendingRates(db)).map(pendingView),

    history,

    /** The rate in force and the waiting change before an operator acts on the pair (the audit log). */
    async snapshot(pair: ExchangePair) {
      const waiting = await waitingOf(db, pair)
      return {
        rate: (await history(pair, 1))[0] ?? null,
        pending: waiting === undefined ? null : pendingView(waiting),
      }
    },
  }
}
