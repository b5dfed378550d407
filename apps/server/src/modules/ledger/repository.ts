/**
 * All SQL of the ledger report (docs/payments.md). Each check is one query that lists what is wrong, so an
 * empty list is the proof, and a problem names the user, invoice or transaction to look at.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'

type Rows<T> = { rows: T[] }
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as Rows<T>).rows

const CHECKS: { describe: (row: Record<string, unknown>) => string; query: ReturnType<typeof sql> }[] = [
  {
    // Every accepted account's net is counted once: on no invoice (available) or on one live invoice.
    describe: (r) =>
      `user ${r.telegram_id}: accepted net ${r.accepted} != available ${r.available} + live invoices ${r.invoiced}`,
    // Aggregated once per table and joined (not a subquery per user): one pass over accounts and invoices.
    query: sql`
      with accepted as (
        select user_id, sum(net) as accepted, coalesce(sum(net) filter (where invoice_id is null), 0) as available
        from accounts where status = 'accepted' group by user_id
      ), invoiced as (
        select user_id, sum(amount) as invoiced from invoices where confirmation_status <> 'rejected' group by user_id
      )
      select u.telegram_id, coalesce(a.accepted, 0)::text as accepted, coalesce(a.available, 0)::text as available,
        coalesce(i.invoiced, 0)::text as invoiced
      from accepted a full join invoiced i on i.user_id = a.user_id
      join users u on u.id = coalesce(a.user_id, i.user_id)
      where coalesce(a.accepted, 0) <> coalesce(a.available, 0) + coalesce(i.invoiced, 0)`,
  },
  {
    describe: (r) => `invoice ${r.uid}: amount ${r.amount} != net of its accounts ${r.attached}`,
    query: sql`
      select i.uid, i.amount::text, coalesce(sum(a.net), 0)::text as attached
      from invoices i left join accounts a on a.invoice_id = i.id
      where i.confirmation_status <> 'rejected'
      group by i.id having i.amount <> coalesce(sum(a.net), 0)`,
  },
  {
    describe: (r) => `invoice ${r.uid}: holds account ${r.account} with status ${r.status}`,
    query: sql`
      select i.uid, a.uid as account, a.status from invoices i join accounts a on a.invoice_id = i.id
      where a.status <> 'accepted' or i.confirmation_status = 'rejected'`,
  },
  {
    describe: (r) => `invoice ${r.uid}: ${r.open} open transactions`,
    query: sql`
      select i.uid, count(*)::int as open from invoices i join transactions t on t.invoice_id = i.id
      where t.status in ('pending', 'broadcasting', 'review') group by i.id having count(*) > 1`,
  },
  {
    describe: (r) =>
      `invoice ${r.uid}: payment status ${r.payment_status} with ${r.successes} successful transactions`,
    query: sql`
      select i.uid, i.payment_status, count(t.id)::int as successes
      from invoices i left join transactions t on t.invoice_id = i.id and t.status = 'success'
      group by i.id
      having (i.payment_status = 'success') <> (count(t.id) = 1) or count(t.id) > 1`,
  },
  {
    describe: (r) => `transaction ${r.uid}: pays ${r.amount} of an invoice of ${r.invoice_amount}`,
    query: sql`
      select t.uid, t.amount::text, i.amount::text as invoice_amount
      from transactions t join invoices i on i.id = t.invoice_id
      where t.amount <> i.amount or t.user_id <> i.user_id`,
  },
]

/** Every problem the checks find, one line each; none means the books add up. */
export async function findLedgerProblems(db: Db): Promise<string[]> {
  const problems = await Promise.all(
    CHECKS.map(async (check) => (await rowsOf<Record<string, unknown>>(db, check.query)).map(check.describe)),
  )
  return problems.flat()
}

/** USDT totals over every user, in minor units. */
export type LedgerTotals = {
  acceptedNet: bigint
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
      coalesce((select sum(net) from accounts where status = 'accepted' and invoice_id is null), 0)::text as available,
      coalesce((select sum(amount) from invoices
                where confirmation_status <> 'rejected' and payment_status <> 'success'), 0)::text as unpaid,
      coalesce((select sum(amount) from invoices where payment_status = 'success'), 0)::text as paid,
      coalesce((select sum(amount) from transactions where status = 'success'), 0)::text as paid_out`,
  )
  const minor = (value: string | undefined) => BigInt(value ?? '0')
  return {
    acceptedNet: minor(totals?.accepted_net),
    available: minor(totals?.available),
    unpaid: minor(totals?.unpaid),
    paid: minor(totals?.paid),
    paidOut: minor(totals?.paid_out),
  }
}
