/**
 * The metrics' reads of the database (docs/operations.md): every gauge in one statement, each part bounded, so a
 * scrape costs the same on a day-old database and on one with a million accounts. A count stops at COUNT_CAP (a
 * backlog that big is an incident whatever its size); an oldest age is the first entry of an index.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { timestamptz } from '#db/timestamp.ts'

/** The largest count a gauge reports: `10000` means 10,000 or more. */
export const COUNT_CAP = 10_000

/** Payout statuses that wait for an operator (the open ones). */
export const WAITING_PAYOUT_STATUSES = ['pending', 'review', 'broadcasting'] as const

export type OutboxGauges = { backlog: number; oldestAgeSeconds: number; failed: number }

export type DatabaseGauges = {
  outboxes: { email: OutboxGauges; bot: OutboxGauges }
  /** Accounts due for validation now, and how long the longest-due one has waited. */
  validation: { due: number; oldestDueAgeSeconds: number }
  /** Invoices waiting for an operator's confirmation. */
  invoices: { waiting: number; oldestAgeSeconds: number }
  payouts: Record<(typeof WAITING_PAYOUT_STATUSES)[number], { waiting: number; oldestAgeSeconds: number }>
  /** The last ledger check (ledger_checks), or undefined before the first. */
  ledgerCheck: { checkedAt: Date; problems: number; durationMs: number } | undefined
}

/** Rows of `from where condition`, up to COUNT_CAP (the scan stops there). */
const cappedCount = (from: string, condition: ReturnType<typeof sql>) =>
  sql`(select count(*)::int from (select 1 from ${sql.raw(from)} where ${condition} limit ${COUNT_CAP}) capped)`

/** Seconds since the smallest `column` of the rows (0 when there are none); an index on the column makes it one read. */
const ageOfOldest = (from: string, column: string, condition: ReturnType<typeof sql>, now: Date) =>
  sql`(select coalesce(extract(epoch from (${timestamptz(now)} - min(${sql.raw(column)}))), 0)::float8
    from ${sql.raw(from)} where ${condition})`

const BACKLOG = sql`status in ('pending', 'sending')`
const FAILED = sql`status = 'failed'`

export async function readDatabaseGauges(db: Db, now: Date): Promise<DatabaseGauges> {
  const due = sql`validation_status in ('pending', 'review') and validation_at <= ${timestamptz(now)}`
  const awaiting = sql`confirmation_status = 'pending'`
  const payout = (status: string) => sql`status = ${status}`
  const result = (await db.execute(sql`
    select
      ${cappedCount('email_outbox', BACKLOG)} as email_backlog,
      ${ageOfOldest('email_outbox', 'created_at', BACKLOG, now)} as email_oldest,
      ${cappedCount('email_outbox', FAILED)} as email_failed,
      ${cappedCount('bot_outbox', BACKLOG)} as bot_backlog,
      ${ageOfOldest('bot_outbox', 'created_at', BACKLOG, now)} as bot_oldest,
      ${cappedCount('bot_outbox', FAILED)} as bot_failed,
      ${cappedCount('accounts', due)} as validation_due,
      ${ageOfOldest('accounts', 'validation_at', due, now)} as validation_oldest,
      ${cappedCount('invoices', awaiting)} as invoices_waiting,
      ${ageOfOldest('invoices', 'created_at', awaiting, now)} as invoices_oldest,
      ${sql.join(
        WAITING_PAYOUT_STATUSES.map(
          (status) =>
            sql`${cappedCount('transactions', payout(status))} as ${sql.raw(`payouts_${status}`)},
            ${ageOfOldest('transactions', 'created_at', payout(status), now)} as ${sql.raw(`payouts_${status}_oldest`)}`,
        ),
        sql`, `,
      )},
      (select checked_at from ledger_checks where id = 1) as ledger_checked_at,
      (select problems from ledger_checks where id = 1) as ledger_problems,
      (select duration_ms from ledger_checks where id = 1) as ledger_duration_ms
  `)) as { rows: Record<string, unknown>[] }
  const row = result.rows[0] ?? {}
  const n = (key: string) => Number(row[key] ?? 0)
  const outbox = (name: string): OutboxGauges => ({
    backlog: n(`${name}_backlog`),
    oldestAgeSeconds: n(`${name}_oldest`),
    failed: n(`${name}_failed`),
  })
  const checkedAt = row.ledger_checked_at
  return {
    outboxes: { email: outbox('email'), bot: outbox('bot') },
    validation: { due: n('validation_due'), oldestDueAgeSeconds: n('validation_oldest') },
    invoices: { waiting: n('invoices_waiting'), oldestAgeSeconds: n('invoices_oldest') },
    payouts: Object.fromEntries(
      WAITING_PAYOUT_STATUSES.map((status) => [
        status,
        { waiting: n(`payouts_${status}`), oldestAgeSeconds: n(`payouts_${status}_oldest`) },
      ]),
    ) as DatabaseGauges['payouts'],
    ledgerCheck:
      checkedAt === null || checkedAt === undefined
        ? undefined
        : {
            checkedAt: new Date(checkedAt as string | Date),
            problems: n('ledger_problems'),
            durationMs: n('ledger_duration_ms'),
          },
  }
}

/** How many of a check's problems are kept for the console (the count is always whole). */
export const LEDGER_PROBLEMS_KEPT = 100

export type LedgerCheck = { checkedAt: Date; problems: number; found: string[] }

/** Keeps the last check's verdict (one row): how many problems, the first of them, and when. */
export async function recordLedgerCheck(
  db: Db,
  check: { checkedAt: Date; problems: string[]; durationMs: number },
): Promise<void> {
  const found = JSON.stringify(check.problems.slice(0, LEDGER_PROBLEMS_KEPT))
  await db.execute(sql`
    insert into ledger_checks (id, checked_at, problems, duration_ms, found)
    values (1, ${timestamptz(check.checkedAt)}, ${check.problems.length}, ${check.durationMs}, ${found}::jsonb)
    on conflict (id) do update set checked_at = excluded.checked_at, problems = excluded.problems,
      duration_ms = excluded.duration_ms, found = excluded.found
  `)
}

/** The last check's verdict, or undefined before the first. */
export async function readLastLedgerCheck(db: Db): Promise<LedgerCheck | undefined> {
  const [row] = (
    (await db.execute(sql`select checked_at, problems, found from ledger_checks where id = 1`)) as {
      rows: { checked_at: string | Date; problems: number; found: string[] | string }[]
    }
  ).rows
  if (!row) return undefined
  return {
    checkedAt: new Date(row.checked_at),
    problems: Number(row.problems),
    found: typeof row.found === 'string' ? (JSON.parse(row.found) as string[]) : row.found,
  }
}
