/**
 * All SQL of the CSV exports (docs/console.md, 'Exports'). Each reads one batch of a period in (at, id) order past
 * a position, through an index on (at, id): a batch costs the same at the start and at the millionth row, and no
 * batch holds more than `limit` rows in memory.
 */
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'

/** Where the last batch ended: the row's time to the microsecond (UTC text) and id; the ledger adds its source. */
export type Position = { at: string; id: number; source?: number }

/** [from, to): instants. */
export type Period = { from: Date; to: Date }

type Rows<T> = { rows: T[] }
const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as Rows<T>).rows

/** A timestamp as the export writes it and as a position holds it: UTC, to the microsecond. */
const utc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/** Who a row is about (`u`): every export names the user the same way. */
const USER_COLUMNS = sql`u.telegram_id::text as telegram_id, u.uid::text as user_uid, u.first_name, u.last_name,
  u.username`

/** The rows past the last one sent, in (at, id) order; none before the first batch. */
const pastPosition = (at: SQL, id: SQL, after: Position | undefined) =>
  after === undefined ? sql`` : sql`and (${at}, ${id}) > (${after.at}::timestamptz, ${after.id}::bigint)`

export type InvoiceRow = {
  at: string
  id: number
  uid: string
  telegram_id: string | null
  user_uid: string
  first_name: string
  last_name: string | null
  username: string | null
  accounts: number
  amount: string
  referral_earnings: string
  confirmation_status: string
  payment_status: string
  paid_at: string | null
}

export function invoiceBatch(db: Db, period: Period, after: Position | undefined, limit: number) {
  const past = pastPosition(sql`i.created_at`, sql`i.id`, after)
  return rowsOf<InvoiceRow>(
    db,
    sql`select ${utc(sql`i.created_at`)} as at, i.id::int as id, i.uid::text as uid,
        ${USER_COLUMNS},
        (select count(*)::int from accounts a where a.invoice_id = i.id) as accounts,
        i.amount::text as amount,
        (select coalesce(sum(e.amount), 0)::text from referral_earnings e where e.invoice_id = i.id) as referral_earnings,
        i.confirmation_status, i.payment_status,
        case when i.paid_at is null then null else ${utc(sql`i.paid_at`)} end as paid_at
      from invoices i join users u on u.id = i.user_id
      where i.created_at >= ${period.from.toISOString()}::timestamptz and i.created_at < ${period.to.toISOString()}::timestamptz ${past}
      order by i.created_at, i.id
      limit ${limit}`,
  )
}

export type TransactionRow = {
  at: string
  id: number
  uid: string
  invoice_uid: string
  telegram_id: string | null
  user_uid: string
  first_name: string
  last_name: string | null
  username: string | null
  currency: 'trx' | 'usdt' | 'irt'
  status: string
  amount: string
  user_fee: string
  rate: string
  net: string
  receiver_address: string
  card_holder: string | null
  card_number: string | null
  txid: string | null
  sender_address: string | null
  paid_at: string | null
}

export function transactionBatch(db: Db, period: Period, after: Position | undefined, limit: number) {
  const past = pastPosition(sql`t.created_at`, sql`t.id`, after)
  return rowsOf<TransactionRow>(
    db,
    sql`select ${utc(sql`t.created_at`)} as at, t.id::int as id, t.uid::text as uid, i.uid::text as invoice_uid,
        ${USER_COLUMNS},
        t.currency, t.status, t.amount::text as amount, t.user_fee::text as user_fee, t.rate::text as rate,
        t.net::text as net, t.receiver_address,
        case when c.id is null then null else c.name || ' ' || c.family end as card_holder, c.number as card_number,
        t.txid, t.sender_address,
        case when t.paid_at is null then null else ${utc(sql`t.paid_at`)} end as paid_at
      from transactions t join invoices i on i.id = t.invoice_id join users u on u.id = t.user_id
      left join bank_cards c on c.id = t.bank_card_id
      where t.created_at >= ${period.from.toISOString()}::timestamptz and t.created_at < ${period.to.toISOString()}::timestamptz ${past}
      order by t.created_at, t.id
      limit ${limit}`,
  )
}

/**
 * The ledger's entries: what changes what the service owes its users. Credits: an account's net when it was
 * accepted (`validation_at`, by the engine), a referral earning when it was earned. Debits: a payout's amount when
 * it succeeded (`paid_at`). Sources in this order break ties of time.
 */
export const LEDGER_SOURCES = ['account_accepted', 'referral_earned', 'payout_succeeded'] as const

export type LedgerRow = {
  at: string
  id: number
  source: number
  uid: string
  telegram_id: string | null
  user_uid: string
  first_name: string
  last_name: string | null
  username: string | null
  credit: string
  debit: string
  invoice_uid: string | null
  detail: string | null
}

export function ledgerBatch(db: Db, period: Period, after: Position | undefined, limit: number) {
  const from = sql`${period.from.toISOString()}::timestamptz`
  const to = sql`${period.to.toISOString()}::timestamptz`
  // Each branch walks its own (at, id) index from the position and stops at `limit`; the outer sort merges them.
  const branch = (source: number, at: SQL, id: SQL) => {
    if (after === undefined) return sql`true`
    const t = sql`${after.at}::timestamptz`
    const last = after.source ?? 0
    // At the position's own time: a later source whole, this source past the id, an earlier source nothing.
    const tie = last < source ? sql`true` : last > source ? sql`false` : sql`${id} > ${after.id}::bigint`
    return sql`${at} >= ${t} and (${at} > ${t} or ${tie})`
  }
  return rowsOf<LedgerRow>(
    db,
    sql`select * from (
      (select ${utc(sql`a.validation_at`)} as at, a.id::int as id, 0 as source, a.uid::text as uid,
          ${USER_COLUMNS},
          a.net::text as credit, '0' as debit, null::text as invoice_uid, a.phone as detail
        from accounts a join users u on u.id = a.user_id
        where a.status = 'accepted'
          and a.validation_at >= ${from} and a.validation_at < ${to} and ${branch(0, sql`a.validation_at`, sql`a.id`)}
        order by a.validation_at, a.id limit ${limit})
      union all
      (select ${utc(sql`e.created_at`)}, e.id::int, 1, a.uid::text,
          ${USER_COLUMNS},
          e.amount::text, '0', i.uid::text, a.phone
        from referral_earnings e join accounts a on a.id = e.account_id join users u on u.id = e.referrer_user_id
        left join invoices i on i.id = e.invoice_id
        where e.created_at >= ${from} and e.created_at < ${to} and ${branch(1, sql`e.created_at`, sql`e.id`)}
        order by e.created_at, e.id limit ${limit})
      union all
      (select ${utc(sql`t.paid_at`)}, t.id::int, 2, t.uid::text,
          ${USER_COLUMNS},
          '0', t.amount::text, i.uid::text, t.currency
        from transactions t join users u on u.id = t.user_id join invoices i on i.id = t.invoice_id
        where t.status = 'success' and t.paid_at >= ${from} and t.paid_at < ${to} and ${branch(2, sql`t.paid_at`, sql`t.id`)}
        order by t.paid_at, t.id limit ${limit})
    ) entries order by at, source, id limit ${limit}`,
  )
}
