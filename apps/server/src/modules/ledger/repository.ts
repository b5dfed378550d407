/**
 * All SQL of the ledger report (docs/transactions.md). Each check lists what is wrong, so an empty list is the proof,
 * and a problem names the user, invoice or transaction to look at.
 */

import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { pacedStep } from '#lib/pace.ts'

type Rows<T> = { rows: T[] }
const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as Rows<T>).rows

/**
 * A check is run as a series of statements, each over one range [from, to) of its key table's ids, so that no statement
 * holds a core for long (whole, at 1M accounts, each check held a core for seconds: docs/measurements/load.md). The
 * ranges are disjoint, so each problem is found once; everything one verdict compares (a user's rows, an invoice's, an
 * earning's) is in one range, so each verdict still reads one moment.
 */
type Check = {
  describe: (row: Record<string, unknown>) => string
  key: KeyTable
  query: (from: number, to: number) => SQL
}
type KeyTable = 'users' | 'invoices' | 'accounts'

/** Ids per statement: each statement reads some 100,000 rows at 1M accounts, a short statement. */
const IDS_PER_STATEMENT: Record<KeyTable, number> = { users: 1000, invoices: 5000, accounts: 100_000 }

const CHECKS: Check[] = [
  {
    // Every accepted account's net and every referral earning is counted once: on no invoice (available) or on one
    // live invoice. Per user: accepted net + earned = available + live invoices (paid ones included).
    describe: (r) =>
      `user ${r.telegram_id}: accepted net ${r.accepted} + earned ${r.earned} != available ${r.available} + live invoices ${r.invoiced}`,
    key: 'users',
    // Aggregated once per table and joined (not a subquery per user): one pass over each table's range.
    query: (from, to) => sql`
      with accepted as (
        select user_id, sum(net) as accepted, coalesce(sum(net) filter (where invoice_id is null), 0) as available
        from accounts where status = 'accepted' and user_id >= ${from} and user_id < ${to} group by user_id
      ), earned as (
        select referrer_user_id as user_id, sum(amount) as earned,
          coalesce(sum(amount) filter (where invoice_id is null), 0) as available
        from referral_earnings where referrer_user_id >= ${from} and referrer_user_id < ${to}
        group by referrer_user_id
      ), invoiced as (
        select user_id, sum(amount) as invoiced from invoices
        where confirmation_status <> 'rejected' and user_id >= ${from} and user_id < ${to} group by user_id
      ), people as (
        select user_id from accepted union select user_id from earned union select user_id from invoiced
      )
      -- A user who joined by email has no Telegram id: their uid names them.
      select coalesce(u.telegram_id::text, u.uid::text) as telegram_id, coalesce(a.accepted, 0)::text as accepted, coalesce(e.earned, 0)::text as earned,
        (coalesce(a.available, 0) + coalesce(e.available, 0))::text as available,
        coalesce(i.invoiced, 0)::text as invoiced
      from people p join users u on u.id = p.user_id
      left join accepted a on a.user_id = p.user_id
      left join earned e on e.user_id = p.user_id
      left join invoiced i on i.user_id = p.user_id
      where coalesce(a.accepted, 0) + coalesce(e.earned, 0)
        <> coalesce(a.available, 0) + coalesce(e.available, 0) + coalesce(i.invoiced, 0)`,
  },
  {
    describe: (r) =>
      `invoice ${r.uid}: amount ${r.amount} != net of its accounts ${r.attached} + its referral earnings ${r.earnings}`,
    key: 'invoices',
    query: (from, to) => sql`
      select i.uid, i.amount::text, coalesce(a.attached, 0)::text as attached, coalesce(e.earnings, 0)::text as earnings
      from invoices i
      left join (select invoice_id, sum(net) as attached from accounts
                 where invoice_id >= ${from} and invoice_id < ${to} group by invoice_id) a on a.invoice_id = i.id
      left join (select invoice_id, sum(amount) as earnings from referral_earnings
                 where invoice_id >= ${from} and invoice_id < ${to} group by invoice_id) e on e.invoice_id = i.id
      where i.id >= ${from} and i.id < ${to} and i.confirmation_status <> 'rejected'
        and i.amount <> coalesce(a.attached, 0) + coalesce(e.earnings, 0)`,
  },
  {
    // An earning belongs to its referrer's invoice, is never self-earned, and outlives its account's acceptance
    // only on a paid invoice (docs/referrals.md).
    describe: (r) => `referral earning of account ${r.account}: ${r.problem}`,
    key: 'accounts',
    // The range on both sides lets the planner walk both indexes in step (a merge join) instead of a lookup each.
    query: (from, to) => sql`
      select a.uid as account,
        case when i.id is not null and i.user_id <> e.referrer_user_id then 'on another user''s invoice'
             when i.confirmation_status = 'rejected' then 'on a rejected invoice'
             when e.referrer_user_id = a.user_id then 'earned from an own account'
             else 'its account is ' || a.status || ' and it is not paid' end as problem
      from referral_earnings e join accounts a on a.id = e.account_id
      left join invoices i on i.id = e.invoice_id
      where e.account_id >= ${from} and e.account_id < ${to} and a.id >= ${from} and a.id < ${to}
        and ((i.id is not null and (i.user_id <> e.referrer_user_id or i.confirmation_status = 'rejected'))
          or e.referrer_user_id = a.user_id
          or (a.status <> 'accepted' and coalesce(i.payment_status, '') <> 'success'))`,
  },
  {
    describe: (r) => `invoice ${r.uid}: holds account ${r.account} with status ${r.status}`,
    key: 'invoices',
    query: (from, to) => sql`
      select i.uid, a.uid as account, a.status from invoices i join accounts a on a.invoice_id = i.id
      where i.id >= ${from} and i.id < ${to} and a.invoice_id >= ${from} and a.invoice_id < ${to}
        and (a.status <> 'accepted' or i.confirmation_status = 'rejected')`,
  },
  {
    describe: (r) => `invoice ${r.uid}: ${r.open} open transactions`,
    key: 'invoices',
    query: (from, to) => sql`
      select i.uid, count(*)::int as open from invoices i join transactions t on t.invoice_id = i.id
      where i.id >= ${from} and i.id < ${to} and t.status in ('pending', 'broadcasting', 'review')
      group by i.id having count(*) > 1`,
  },
  {
    describe: (r) =>
      `invoice ${r.uid}: payment status ${r.payment_status} with ${r.successes} successful transactions`,
    key: 'invoices',
    query: (from, to) => sql`
      select i.uid, i.payment_status, count(t.id)::int as successes
      from invoices i left join transactions t on t.invoice_id = i.id and t.status = 'success'
      where i.id >= ${from} and i.id < ${to}
      group by i.id
      having (i.payment_status = 'success') <> (count(t.id) = 1) or count(t.id) > 1`,
  },
  {
    describe: (r) => `transaction ${r.uid}: pays ${r.amount} of an invoice of ${r.invoice_amount}`,
    key: 'invoices',
    query: (from, to) => sql`
      select t.uid, t.amount::text, i.amount::text as invoice_amount
      from transactions t join invoices i on i.id = t.invoice_id
      where i.id >= ${from} and i.id < ${to} and t.invoice_id >= ${from} and t.invoice_id < ${to}
        and (t.amount <> i.amount or t.user_id <> i.user_id)`,
  },
]

/**
 * Every problem the checks find, one line each; none means the books add up. Statements run one at a time, each in
 * its own read-only transaction, without parallel workers: side by side they held half a process's pool and both
 * cores for seconds (the load bench's first-minute tail, docs/resilience.md). `paced`: after each statement, a pause
 * (lib/pace.ts), for background checks. `idsPerStatement` overrides every check's range (tests).
 */
export async function findLedgerProblems(
  db: Db,
  options: { paced?: boolean; idsPerStatement?: number } = {},
): Promise<string[]> {
  const problems: string[] = []
  const run = async (check: Check, from: number, to: number) => {
    const rows = await pacedStep(
      () =>
        db.transaction(
          async (tx) => {
            await tx.execute(sql`set local max_parallel_workers_per_gather = 0`)
            return rowsOf<Record<string, unknown>>(tx, check.query(from, to))
          },
          { accessMode: 'read only' },
        ),
      options.paced === true,
    )
    problems.push(...rows.map(check.describe))
  }
  // Each key table's ids, read once for the checks that share it.
  const spans = new Map<KeyTable, { first: number | null; last: number | null } | undefined>()
  for (const check of CHECKS) {
    if (!spans.has(check.key)) {
      const [row] = await rowsOf<{ first: number | null; last: number | null }>(
        db,
        sql`select min(id) as first, max(id) as last from ${sql.identifier(check.key)}`,
      )
      spans.set(check.key, row)
    }
    const span = spans.get(check.key)
    if (span?.first === null || span?.first === undefined) continue
    const step = options.idsPerStatement ?? IDS_PER_STATEMENT[check.key]
    for (let from = Number(span.first); from <= Number(span.last); from += step)
      await run(check, from, from + step)
  }
  return problems
}

/** USDT totals over every user, in minor units. */
export type LedgerTotals = {
  acceptedNet: bigint
  /** Referral earnings ever accrued and still on the books. */
  earned: bigint
  available: bigint
  unpaid: bigint
  paid: bigint
  paidOut: bigint
}

export async function sumLedgerTotals(db: Db): Promise<LedgerTotals> {
  const [totals] = await rowsOf<Record<string, string>>(
    db,
    sql`select
      coalesce((select sum(net) from accounts where status = 'accepted'), 0)::text as accepted_net,
      coalesce((select sum(amount) from referral_earnings), 0)::text as earned,
      (coalesce((select sum(net) from accounts where status = 'accepted' and invoice_id is null), 0)
        + coalesce((select sum(amount) from referral_earnings where invoice_id is null), 0))::text as available,
      coalesce((select sum(amount) from invoices
                where confirmation_status <> 'rejected' and payment_status <> 'success'), 0)::text as unpaid,
      coalesce((select sum(amount) from invoices where payment_status = 'success'), 0)::text as paid,
      coalesce((select sum(amount) from transactions where status = 'success'), 0)::text as paid_out`,
  )
  const minor = (value: string | undefined) => BigInt(value ?? '0')
  return {
    acceptedNet: minor(totals?.accepted_net),
    earned: minor(totals?.earned),
    available: minor(totals?.available),
    unpaid: minor(totals?.unpaid),
    paid: minor(totals?.paid),
    paidOut: minor(totals?.paid_out),
  }
}
