/** The overview: the queues and the money, refreshed every 15 seconds. */

import { formatDecimal } from '@app/contract'
import { opsOperatorCalls } from '@app/contract/ops'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { call } from '../lib/api.ts'

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
        />
        <Tile to="/payouts?status=pending" label="Payouts pending" value={o.payoutsPending} />
        <Tile to="/payouts?status=broadcasting" label="Payouts broadcasting" value={o.payoutsBroadcasting} />
        <Tile to="/payouts?status=review" label="Payouts in review" value={o.payoutsInReview} />
        <Tile label="Accounts awaiting validation" value={o.accountsAwaitingValidation} />
      </div>
      <h2>Money (USDT)</h2>
      <div className="tiles">
        <Tile label="Owed to users" value={formatDecimal(o.owed, 2)} />
        <Tile label="Paid today (UTC)" value={formatDecimal(o.paidToday, 2)} />
        <Tile label="Paid in total" value={formatDecimal(o.paidTotal, 2)} />
        <div className={`tile ${o.ledgerProblems.length === 0 ? 'ok' : 'bad'}`}>
          <span className="tile-label">Ledger</span>
          <strong>
            {o.ledgerProblems.length === 0 ? 'Balanced' : `${o.ledgerProblems.length} problem(s)`}
          </strong>
          {o.ledgerProblems.map((problem) => (
            <small key={problem}>{problem}</small>
          ))}
        </div>
      </div>
    </section>
  )
}

function Tile({ label, value, to }: { label: string; value: number | string; to?: string }) {
  const body = (
    <>
      <span className="tile-label">{label}</span>
      <strong>{typeof value === 'number' ? formatDecimal(value) : value}</strong>
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
