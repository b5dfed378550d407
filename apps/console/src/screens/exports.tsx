/**
 * Exports (docs/console.md, 'Exports'): invoices, transactions and the ledger of a period as CSV files, downloaded by the
 * browser from `GET /ops/exports/*` with the session cookie (a plain link: the server streams the file, nothing is
 * held in the page). The period is UTC days, both included, kept in the URL. Transactions need the operator role.
 */
import { urlOf } from '@app/contract'
import { DATE_RANGE, type ExportKind, opsExportCalls } from '@app/contract/ops'
import { useSearchParams } from 'react-router'
import { useCan } from '#lib/session.tsx'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Today and the first of this month, UTC: the period a new visit starts with. */
function defaultPeriod(now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10)
  return { from: `${to.slice(0, 8)}01`, to }
}

const WHAT: { kind: ExportKind; title: string; holds: string }[] = [
  {
    kind: 'invoices',
    title: 'Invoices',
    holds:
      'Each invoice made in the period: the user, how many accounts it pays, the amount (USDT), its referral part, confirmation and payment status, when it was paid.',
  },
  {
    kind: 'payouts',
    title: 'Transactions',
    holds:
      'Each transaction requested in the period: the invoice, the user, status, the amount (USDT), fee, rate, what is paid in its own currency (IRT, TRX or USDT), the receiver (IBAN and card, or wallet), txid and sender.',
  },
  {
    kind: 'ledger',
    title: 'Ledger',
    holds:
      'What changed what the users are owed, by when it happened: accounts accepted and referral earnings (credits), transactions that succeeded (debits), in USDT.',
  },
]

export function ExportsScreen() {
  const [params, setParams] = useSearchParams()
  const fallback = defaultPeriod()
  const from = params.get('from') ?? fallback.from
  const to = params.get('to') ?? fallback.to
  const mayExportTransactions = useCan('operator')
  const problem =
    !DAY.test(from) || !DAY.test(to)
      ? 'Choose both days.'
      : from < DATE_RANGE.first || to > DATE_RANGE.last
        ? `Choose days from ${DATE_RANGE.first} to ${DATE_RANGE.last}.`
        : to < from
          ? 'The period ends before it starts.'
          : null
  const setDay = (key: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(params)
    next.set('from', from)
    next.set('to', to)
    next.set(key, value)
    setParams(next, { replace: true })
  }
  return (
    <section>
      <header className="screen-header">
        <h1>Exports</h1>
      </header>
      <p className="muted">
        CSV files for a spreadsheet or the accountant: UTF-8 (Persian names read right), amounts as plain
        decimals with the currency in its own column. Days are UTC, both included. Every export is written to
        the audit log.
      </p>
      <fieldset className="period">
        <legend>Period</legend>
        <label className="filter">
          From
          <input
            type="date"
            min={DATE_RANGE.first}
            max={DATE_RANGE.last}
            value={from}
            onChange={(event) => setDay('from', event.target.value)}
          />
        </label>
        <label className="filter">
          To
          <input
            type="date"
            min={DATE_RANGE.first}
            max={DATE_RANGE.last}
            value={to}
            onChange={(event) => setDay('to', event.target.value)}
          />
        </label>
      </fieldset>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      <ul className="exports">
        {WHAT.map(({ kind, title, holds }) => {
          const allowed = kind !== 'payouts' || mayExportTransactions
          const fileName = `${kind}-${from}-to-${to}.csv`
          return (
            <li key={kind} className="export">
              <h2>{title}</h2>
              <p>{holds}</p>
              {!allowed ? (
                <p className="muted">
                  Transactions hold every receiver’s IBAN or wallet: exporting them needs the operator role.
                </p>
              ) : problem ? null : (
                <a
                  className="button"
                  href={urlOf(opsExportCalls[kind], { query: { from, to } })}
                  download={fileName}
                >
                  Download {title.toLowerCase()} CSV
                </a>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
