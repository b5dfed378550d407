/**
 * The overview: the queues with how long the oldest item of each has waited, the money (every 15 seconds), and the
 * last 30 days as charts with their numbers as tables (issue 20, item 9; every 5 minutes).
 */

import { formatDecimal, formatUsdt } from '@app/contract'
import { type Overview, opsOperatorCalls, REJECTION_REASONS, type Trends } from '@app/contract/ops'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { call } from '#lib/api.ts'
import { TrendChart, type TrendSeries } from '#lib/trend-chart.tsx'

/** How long something has waited: '45 s', '12 min', '3 h 5 min', '2 d 4 h'. */
export function formatAge(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  if (s < 60) return `${s} s`
  const minutes = Math.floor(s / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ${minutes % 60} min`
  return `${Math.floor(hours / 24)} d ${hours % 24} h`
}

/** An item that has waited an hour or more is shown in the warning colour. */
const OLD_SECONDS = 3600

const REASONS: Record<Trends['rejected'][number]['reason'], string> = {
  singleAuthorization: 'Other sessions',
  twoFa: 'Two-step verification',
  authorization: 'Authorization',
  connection: 'Connection',
  chats: 'Chats',
  freeze: 'Frozen',
  sendMessage: 'Send message',
  addContact: 'Add contact',
  other: 'Other',
}
const CURRENCIES = { irt: 'Toman', trx: 'TRX', usdt: 'USDT' } as const

export function OverviewScreen() {
  const overview = useQuery({
    queryKey: ['overview'],
    queryFn: () => call(opsOperatorCalls.overview),
    refetchInterval: 15_000,
  })
  if (overview.error)
    return (
      <div className="state error" role="alert">
        {overview.error.message}
      </div>
    )
  const o = overview.data
  if (!o) return <div className="state">Loading…</div>
  const since = (at: string | null) => (at === null ? null : (Date.parse(o.at) - Date.parse(at)) / 1000)
  const old = o.oldestSince
  return (
    <section>
      <header className="screen-header">
        <h1>Overview</h1>
        <span className="muted">Updated {new Date(o.at).toLocaleTimeString()} · refreshes every 15 s</span>
      </header>
      <h2>Queues</h2>
      <div className="tiles">
        <Tile
          to="/invoices?status=pending"
          label="Invoices awaiting confirmation"
          value={o.invoicesAwaitingConfirmation}
          waited={since(old.invoicesAwaitingConfirmation)}
        />
        <Tile
          to="/transactions?status=pending"
          label="Transactions pending"
          value={o.payoutsPending}
          waited={since(old.payoutsPending)}
        />
        <Tile
          to="/transactions?status=broadcasting"
          label="Transactions broadcasting"
          value={o.payoutsBroadcasting}
          waited={since(old.payoutsBroadcasting)}
        />
        <Tile
          to="/transactions?status=all&check=waiting"
          label="Transactions waiting for confirmations"
          value={o.payoutsAwaitingConfirmations}
        />
        <Tile
          to="/transactions?status=all&check=expired"
          label="Transactions not final in time"
          value={o.payoutsConfirmationsExpired}
        />
        <Tile
          to="/transactions?status=review"
          label="Transactions in review"
          value={o.payoutsInReview}
          waited={since(old.payoutsInReview)}
        />
        <Tile
          label="Accounts awaiting validation"
          value={o.accountsAwaitingValidation}
          waited={since(old.accountsAwaitingValidation)}
        />
        <Tile
          label="Bot messages unsent"
          value={outbox(since(old.botOutbox))}
          waited={since(old.botOutbox)}
        />
        <Tile label="Emails unsent" value={outbox(since(old.emailOutbox))} waited={since(old.emailOutbox)} />
      </div>
      <h2>Money (USDT)</h2>
      <div className="tiles">
        <Tile label="Owed to users" value={formatDecimal(o.owed, 2)} />
        <Tile label="Paid today (UTC)" value={formatDecimal(o.paidToday, 2)} />
        <Tile label="Paid in total" value={formatDecimal(o.paidTotal, 2)} />
        <LedgerTile overview={o} />
      </div>
      <TrendsSection />
    </section>
  )
}

/** An outbox's tile: the age of its oldest unsent message is the number that matters. */
const outbox = (waited: number | null) => (waited === null ? 'None' : 'Waiting')

function TrendsSection() {
  const trends = useQuery({
    queryKey: ['overview', 'trends'],
    queryFn: () => call(opsOperatorCalls.trends),
    refetchInterval: 300_000,
  })
  const charts = useMemo(() => (trends.data ? chartsOf(trends.data) : undefined), [trends.data])
  return (
    <>
      <h2>Last 30 days (UTC)</h2>
      {trends.error ? (
        <div className="state error" role="alert">
          {trends.error.message}
        </div>
      ) : !trends.data || !charts ? (
        <div className="state">Loading…</div>
      ) : (
        <div className="trends">
          <TrendChart
            title="Accounts per day"
            testId="trend-accounts"
            days={trends.data.days}
            series={charts.accounts}
          />
          <TrendChart
            title="Rejections by reason"
            testId="trend-rejections"
            days={trends.data.days}
            series={charts.rejections}
          />
          <TrendChart
            title="Transactions per day (USDT)"
            testId="trend-transactions"
            days={trends.data.days}
            series={charts.transactions}
            format={formatUsdt}
          />
          <TrendChart
            title="Owed to users at each day's end (USDT)"
            testId="trend-owed"
            days={trends.data.days}
            series={charts.owed}
            format={formatUsdt}
          />
        </div>
      )}
    </>
  )
}

/** The series of each chart, from the answer (amounts as numbers for the drawing: the tables round to cents). */
function chartsOf(t: Trends): Record<'accounts' | 'rejections' | 'transactions' | 'owed', TrendSeries[]> {
  const rejectedPerDay = t.days.map((_, i) => t.rejected.reduce((sum, r) => sum + (r.counts[i] ?? 0), 0))
  return {
    accounts: [
      { label: 'Submitted', values: t.submitted },
      { label: 'Accepted', values: t.accepted },
      { label: 'Rejected', values: rejectedPerDay },
    ],
    rejections:
      t.rejected.length === 0
        ? [{ label: 'Rejected', values: rejectedPerDay }]
        : t.rejected.map((r) => ({
            label: REASONS[r.reason],
            values: r.counts,
            // A reason keeps its colour whichever others the 30 days have.
            look: REJECTION_REASONS.indexOf(r.reason),
          })),
    transactions:
      t.payouts.length === 0
        ? [{ label: 'Paid', values: t.days.map(() => 0) }]
        : t.payouts.map((p) => ({
            label: `${CURRENCIES[p.currency]} transactions`,
            values: p.amount.map(Number),
          })),
    owed: [{ label: 'Owed', values: t.owed.map(Number) }],
  }
}

/** The last periodic ledger check's verdict, and how long ago it ran (the overview does not run it). */
function LedgerTile({ overview: o }: { overview: Overview }) {
  const check = o.ledgerCheck
  if (check === null)
    return (
      <div className="tile">
        <span className="tile-label">Ledger</span>
        <strong>Unchecked</strong>
        <small className="age">No check has run yet</small>
      </div>
    )
  const ago = formatAge((Date.parse(o.at) - Date.parse(check.at)) / 1000)
  return (
    <div className={`tile ${check.problems === 0 ? 'ok' : 'bad'}`}>
      <span className="tile-label">Ledger</span>
      <strong>{check.problems === 0 ? 'Balanced' : `${formatDecimal(check.problems)} problem(s)`}</strong>
      <small className="age">Checked {ago} ago</small>
      {o.ledgerProblems.map((problem) => (
        <small key={problem}>{problem}</small>
      ))}
    </div>
  )
}

function Tile({
  label,
  value,
  to,
  waited,
}: {
  label: string
  value: number | string
  to?: string
  /** Seconds the oldest item has waited; null: nothing waits. */
  waited?: number | null
}) {
  const body = (
    <>
      <span className="tile-label">{label}</span>
      <strong>{typeof value === 'number' ? formatDecimal(value) : value}</strong>
      {waited === undefined ? null : (
        <small className={`age${waited !== null && waited >= OLD_SECONDS ? ' old' : ''}`}>
          {waited === null ? 'Nothing waits' : `Oldest waited ${formatAge(waited)}`}
        </small>
      )}
    </>
  )
  return to ? (
    <Link className="tile link" to={to}>
      {body}
    </Link>
  ) : (
    <div className="tile">{body}</div>
  )
}
