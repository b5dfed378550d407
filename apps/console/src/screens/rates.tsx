/**
 * Exchange rates: each pair's history (newest first, with a line of it), admins set a new rate. A rate beyond the
 * step from the one in force waits for another admin's approval (docs/transactions.md, 'Exchange rates'): shown above the
 * history, approved or withdrawn here.
 */
import { ExchangePairSchema, formatDecimal } from '@app/contract'
import { opsRateCalls, type PendingRate, PutRateBodySchema, type RateSchema } from '@app/contract/ops'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useForm } from 'react-hook-form'
import { useSearchParams } from 'react-router'
import type * as z from 'zod/mini'
import { call } from '#lib/api.ts'
import { DataTable, MutationError } from '#lib/data-table.tsx'
import { useCan, useMe } from '#lib/session.tsx'

type Rate = z.infer<typeof RateSchema>
const PAIRS = ExchangePairSchema.options

const columns: ColumnDef<Rate, unknown>[] = [
  { header: 'Set at', accessorKey: 'setAt', cell: (c) => new Date(String(c.getValue())).toLocaleString() },
  {
    header: 'Price',
    accessorKey: 'price',
    cell: (c) => <span className="num">{formatDecimal(String(c.getValue()))}</span>,
  },
]

export function RatesScreen() {
  const [params, setParams] = useSearchParams()
  const pair = PAIRS.find((p) => p === params.get('pair')) ?? 'USDTIRT'
  const client = useQueryClient()
  const canSet = useCan('admin')
  const history = useQuery({
    queryKey: ['rates', pair],
    queryFn: () => call(opsRateCalls.history, { params: { pair }, query: { limit: 200 } }),
  })
  const form = useForm<{ price: string | number }>({
    resolver: zodResolver(PutRateBodySchema),
    defaultValues: { price: '' },
  })
  const pending = useQuery({
    queryKey: ['rates', 'pending'],
    queryFn: () => call(opsRateCalls.pending),
  })
  const waiting = pending.data?.find((change) => change.pair === pair)
  const refresh = () => void client.invalidateQueries({ queryKey: ['rates'] })
  const set = useMutation({
    mutationFn: (price: string | number) => call(opsRateCalls.set, { params: { pair }, body: { price } }),
    onSuccess: () => {
      form.reset()
      refresh()
    },
  })
  return (
    <section>
      <header className="screen-header">
        <h1>Exchange rates</h1>
        <label className="filter">
          Pair
          <select value={pair} onChange={(event) => setParams({ pair: event.target.value })}>
            {PAIRS.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
        {history.data?.[0] ? (
          <span>
            Now <strong className="num">{formatDecimal(history.data[0].price)}</strong>
          </span>
        ) : null}
      </header>
      {canSet ? (
        <form className="filters" onSubmit={form.handleSubmit(({ price }) => set.mutate(price))}>
          <label className="filter">
            New {pair} rate
            <input inputMode="decimal" {...form.register('price')} />
          </label>
          <button type="submit" className="primary" disabled={set.isPending}>
            Set rate
          </button>
          <MutationError error={set.error} inline />
        </form>
      ) : null}
      {set.data?.pending ? (
        <p className="muted" role="status">
          More than the step from the rate in force: it waits for another admin’s approval.
        </p>
      ) : null}
      {waiting ? <WaitingRate change={waiting} canDecide={canSet} onDone={refresh} /> : null}
      {history.data && history.data.length > 1 ? <RateChart rates={history.data} /> : null}
      <DataTable columns={columns} query={history} empty={`No ${pair} rate has been set.`} />
    </section>
  )
}

/** A change waiting for a second admin: what, against which rate, who proposed it; approve (not one's own) or withdraw. */
function WaitingRate(props: { change: PendingRate; canDecide: boolean; onDone: () => void }) {
  const { change } = props
  const pair = change.pair as z.infer<typeof ExchangePairSchema>
  const mine = useMe().login === change.proposedBy
  const lapsed = Date.parse(change.expiresAt) <= Date.now()
  const approve = useMutation({
    mutationFn: () => call(opsRateCalls.approve, { params: { pair }, body: { price: change.price } }),
    onSuccess: props.onDone,
  })
  const withdraw = useMutation({
    mutationFn: () => call(opsRateCalls.cancel, { params: { pair } }),
    onSuccess: props.onDone,
  })
  return (
    <section className="card" aria-label="Waiting for approval">
      <p>
        Waiting for approval: <strong className="num">{formatDecimal(change.price)}</strong> ({change.change}{' '}
        from <span className="num">{formatDecimal(change.basePrice)}</span>), proposed by {change.proposedBy}{' '}
        {new Date(change.proposedAt).toLocaleString()}.{' '}
        {lapsed
          ? 'Lapsed unapproved: propose it again.'
          : `Approve by ${new Date(change.expiresAt).toLocaleString()}.`}
      </p>
      {props.canDecide ? (
        <div className="actions">
          <button
            type="button"
            className="primary"
            disabled={mine || lapsed || approve.isPending}
            title={mine ? 'Another admin approves your proposal (four eyes).' : undefined}
            onClick={() => approve.mutate()}
          >
            Approve {formatDecimal(change.price)}
          </button>
          <button type="button" disabled={withdraw.isPending} onClick={() => withdraw.mutate()}>
            Withdraw
          </button>
          <MutationError error={approve.error ?? withdraw.error} inline />
        </div>
      ) : null}
    </section>
  )
}

const WIDTH = 640
const HEIGHT = 160
const PAD = 6

/** The history as one line (oldest on the left), with the lowest and highest price; no chart library. */
export function RateChart({ rates }: { rates: Rate[] }) {
  const points = rates
    .map((rate) => ({ t: Date.parse(rate.setAt), price: Number(rate.price) }))
    .sort((a, b) => a.t - b.t)
  const first = points[0]
  const last = points[points.length - 1]
  if (!first || !last) return null
  const prices = points.map((p) => p.price)
  const low = Math.min(...prices)
  const high = Math.max(...prices)
  const x = (t: number) => PAD + ((t - first.t) / (last.t - first.t || 1)) * (WIDTH - 2 * PAD)
  const y = (price: number) => HEIGHT - PAD - ((price - low) / (high - low || 1)) * (HEIGHT - 2 * PAD)
  return (
    <figure className="card chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${points.length} rates from ${low} to ${high}`}
        preserveAspectRatio="none"
      >
        <polyline
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          vectorEffect="non-scaling-stroke"
          points={points.map((p) => `${x(p.t).toFixed(1)},${y(p.price).toFixed(1)}`).join(' ')}
        />
      </svg>
      <figcaption className="muted">
        {points.length} rates, {new Date(first.t).toLocaleDateString()} to{' '}
        {new Date(last.t).toLocaleDateString()}: lowest {low}, highest {high}
      </figcaption>
    </figure>
  )
}
