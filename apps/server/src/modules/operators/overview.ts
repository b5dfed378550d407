/**
 * The console's overview: the queues (how many wait and since when the oldest), what users are owed, paid today
 * (UTC, by the service's clock) and paid in all, and the last ledger check's verdict, from the database; and its 30 days of
 * trends (docs/console.md, 'Trends'). Every query is bounded by an index: the waiting rows of a queue (partial or
 * leading-status indexes), or the 30 days of a time index.
 */
import { ACCOUNT_CHECK_FAILURES, type AccountCheckFailure } from '@app/contract'
import { type Overview, REJECTION_REASONS, type Trends } from '@app/contract/ops'
import { and, eq, gte, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { accounts, invoices, transactions } from '#db/schema.ts'
import { formatUsdt } from '#lib/money.ts'
import { sumLedgerTotals } from '../ledger/repository.ts'
import { readLastLedgerCheck } from '../metrics/repository.ts'
import type { OperatorsContext } from './context.ts'

const count = sql<number>`count(*)::int`
const DAY_MS = 24 * 3600 * 1000
const TREND_DAYS = 30
const TRENDS_FRESH_MS = 5 * 60 * 1000

type Rows<T> = { rows: T[] }
const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as Rows<T>).rows

const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))

async function overviewCounts(db: Db, now: Date) {
  const startOfDay = startOfUtcDay(now)
  const [[invoicesPending], [accountsPending], transactionRows, [paidToday], chainRows] = await Promise.all([
    db.select({ n: count }).from(invoices).where(eq(invoices.confirmationStatus, 'pending')),
    db.select({ n: count }).from(accounts).where(eq(accounts.status, 'pending')),
    db.select({ status: transactions.status, n: count }).from(transactions).groupBy(transactions.status),
    db
      .select({ amount: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` })
      .from(transactions)
      .where(and(eq(transactions.status, 'success'), gte(transactions.paidAt, startOfDay))),
    // Broadcasting payouts by their chain check: waiting for confirmations, or past the time limit.
    db
      .select({ check: transactions.chainCheck, n: count })
      .from(transactions)
      .where(eq(transactions.status, 'broadcasting'))
      .groupBy(transactions.chainCheck),
  ])
  const chainChecks = (check: string) => chainRows.find((row) => row.check === check)?.n ?? 0
  const transactionsIn = (status: string) => transactionRows.find((row) => row.status === status)?.n ?? 0
  return {
    invoicesAwaitingConfirmation: invoicesPending?.n ?? 0,
    accountsAwaitingValidation: accountsPending?.n ?? 0,
    payoutsPending: transactionsIn('pending'),
    payoutsBroadcasting: transactionsIn('broadcasting'),
    payoutsInReview: transactionsIn('review'),
    payoutsAwaitingConfirmations: chainChecks('waiting'),
    payoutsConfirmationsExpired: chainChecks('expired'),
    paidTodayMinor: BigInt(paidToday?.amount ?? '0'),
  }
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * When the oldest waiting item of each queue came in, one statement: each `min` reads the first entry of the index
 * on the queue's waiting rows (accounts_pending_created_idx, invoices_confirmation_created_idx,
 * transactions_status_created_idx, the outboxes' due indexes).
 */
async function oldestWaiting(db: Db): Promise<Overview['oldestSince']> {
  const payout = (status: string) => sql`(select min(created_at) from transactions where status = ${status})`
  const [row] = await rowsOf<Record<string, string | null>>(
    db,
    sql`select
      ${iso(sql`(select min(created_at) from accounts where status = 'pending')`)} as accounts,
      ${iso(sql`(select min(created_at) from invoices where confirmation_status = 'pending')`)} as invoices,
      ${iso(payout('pending'))} as pending, ${iso(payout('broadcasting'))} as broadcasting,
      ${iso(payout('review'))} as review,
      ${iso(sql`(select min(created_at) from bot_outbox where status in ('pending', 'sending'))`)} as bot,
      ${iso(sql`(select min(created_at) from email_outbox where status in ('pending', 'sending'))`)} as email`,
  )
  return {
    accountsAwaitingValidation: row?.accounts ?? null,
    invoicesAwaitingConfirmation: row?.invoices ?? null,
    payoutsPending: row?.pending ?? null,
    payoutsBroadcasting: row?.broadcasting ?? null,
    payoutsInReview: row?.review ?? null,
    botOutbox: row?.bot ?? null,
    emailOutbox: row?.email ?? null,
  }
}

/** The overview at `now`: owed is the users' available balances plus their unpaid invoices, in minor units. */
async function readOverview(db: Db, now: Date): Promise<Omit<Overview, 'chainCheck'>> {
  // The ledger check is the periodic one's: run live on every refresh it would read every account each time.
  const [{ paidTodayMinor, ...queues }, totals, ledgerCheck, oldestSince] = await Promise.all([
    overviewCounts(db, now),
    sumLedgerTotals(db),
    readLastLedgerCheck(db),
    oldestWaiting(db),
  ])
  return {
    ...queues,
    owed: formatUsdt(totals.available + totals.unpaid),
    paidToday: formatUsdt(paidTodayMinor),
    paidTotal: formatUsdt(totals.paid),
    ledgerCheck: ledgerCheck
      ? { at: ledgerCheck.checkedAt.toISOString(), problems: ledgerCheck.problems }
      : null,
    ledgerProblems: ledgerCheck?.found ?? [],
    oldestSince,
    at: now.toISOString(),
  }
}

/** Whether each check failed, as SQL on `accounts` (the same rules as modules/validation/failure-reason.ts). */
const CHECK_FAILED: Record<AccountCheckFailure, string> = {
  singleAuthorization: 'not check_single_authorization',
  twoFa: 'not check_2fa',
  authorization: 'not check_authorization',
  connection: 'not check_connection',
  chats: 'not check_chats',
  freeze: 'check_freeze',
  sendMessage: 'not check_send_message',
  addContact: 'not check_add_contact',
}
/** A rejected account's reason: the first check that failed, in the contract's order, else `other`. */
const rejectionReason = sql.raw(
  `case ${ACCOUNT_CHECK_FAILURES.map((r) => `when ${CHECK_FAILED[r]} then '${r}'`).join(' ')} else 'other' end`,
)

const dayOf = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`

/**
 * The last 30 UTC days to `now`. Each series is one grouped query over the 30 days of a time index: accounts by
 * `created_at` (submitted, accounts_created_idx) and by `validation_at` (accepted and rejected, accounts_decided_idx),
 * successful payouts by `paid_at` (transactions_paid_idx), referral earnings by `created_at`. The owed balance at
 * each day's end is today's, less what each later day added: accepted nets and earnings, less payouts.
 */
async function readTrends(db: Db, now: Date): Promise<Trends> {
  const start = new Date(startOfUtcDay(now).getTime() - (TREND_DAYS - 1) * DAY_MS)
  const days = Array.from({ length: TREND_DAYS }, (_, i) =>
    new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10),
  )
  const from = sql`${start.toISOString()}::timestamptz`
  const to = sql`${now.toISOString()}::timestamptz`
  const [submitted, decided, paid, earned, totals] = await Promise.all([
    rowsOf<{ day: string; n: number }>(
      db,
      sql`select ${dayOf(sql`created_at`)} as day, count(*)::int as n from accounts
        where created_at >= ${from} and created_at < ${to} group by 1`,
    ),
    rowsOf<{ day: string; status: 'accepted' | 'rejected'; reason: string; n: number; net: string }>(
      db,
      sql`select ${dayOf(sql`validation_at`)} as day, status,
          case when status = 'accepted' then '' else ${rejectionReason} end as reason, count(*)::int as n,
          coalesce(sum(net), 0)::text as net
        from accounts where status in ('accepted', 'rejected') and validation_at >= ${from} and validation_at < ${to}
        group by 1, 2, 3`,
    ),
    rowsOf<{ day: string; currency: 'trx' | 'usdt' | 'irt'; n: number; amount: string; net: string }>(
      db,
      sql`select ${dayOf(sql`paid_at`)} as day, currency, count(*)::int as n, sum(amount)::text as amount,
          sum(net)::text as net
        from transactions where status = 'success' and paid_at >= ${from} and paid_at < ${to} group by 1, 2`,
    ),
    rowsOf<{ day: string; amount: string }>(
      db,
      sql`select ${dayOf(sql`created_at`)} as day, sum(amount)::text as amount from referral_earnings
        where created_at >= ${from} and created_at < ${to} group by 1`,
    ),
    sumLedgerTotals(db),
  ])
  const index = new Map(days.map((day, i) => [day, i]))
  const zeros = () => days.map(() => 0)
  const series = <T>(rows: T[], dayOfRow: (row: T) => string, add: (i: number, row: T) => void) => {
    for (const row of rows) {
      const i = index.get(dayOfRow(row))
      if (i !== undefined) add(i, row)
    }
  }
  const submittedPerDay = zeros()
  series(
    submitted,
    (r) => r.day,
    (i, r) => (submittedPerDay[i] = r.n),
  )
  const acceptedPerDay = zeros()
  // What each day added to what users are owed, in minor units.
  const added = days.map(() => 0n)
  const rejected = new Map<string, number[]>()
  series(
    decided,
    (r) => r.day,
    (i, r) => {
      if (r.status === 'accepted') {
        acceptedPerDay[i] = (acceptedPerDay[i] ?? 0) + r.n
        added[i] = (added[i] ?? 0n) + BigInt(r.net)
        return
      }
      const counts = rejected.get(r.reason) ?? zeros()
      counts[i] = (counts[i] ?? 0) + r.n
      rejected.set(r.reason, counts)
    },
  )
  series(
    earned,
    (r) => r.day,
    (i, r) => (added[i] = (added[i] ?? 0n) + BigInt(r.amount)),
  )
  const payouts = (['irt', 'trx', 'usdt'] as const).flatMap((currency) => {
    const rows = paid.filter((r) => r.currency === currency)
    if (rows.length === 0) return []
    const countPerDay = zeros()
    const amount = days.map(() => 0n)
    const net = days.map(() => 0n)
    series(
      rows,
      (r) => r.day,
      (i, r) => {
        countPerDay[i] = r.n
        amount[i] = BigInt(r.amount)
        net[i] = BigInt(r.net)
        added[i] = (added[i] ?? 0n) - BigInt(r.amount)
      },
    )
    return [
      {
        currency,
        count: countPerDay,
        amount: amount.map(formatUsdt),
        // Toman is kept whole; TRX and USDT with 6 decimals.
        paid: net.map((n) => (currency === 'irt' ? n.toString() : formatUsdt(n))),
      },
    ]
  })
  const owed = days.map(() => '0')
  let balance = totals.available + totals.unpaid
  for (let i = days.length - 1; i >= 0; i--) {
    owed[i] = formatUsdt(balance < 0n ? 0n : balance)
    balance -= added[i] ?? 0n
  }
  return {
    days,
    submitted: submittedPerDay,
    accepted: acceptedPerDay,
    rejected: REJECTION_REASONS.flatMap((r) => {
      const counts = rejected.get(r)
      return counts === undefined ? [] : [{ reason: r, counts }]
    }),
    payouts,
    owed,
    at: now.toISOString(),
  }
}

/** The overview, and whether a payout can be read on chain before it is recorded (the record dialog says so). */
export const overview = async (ctx: OperatorsContext): Promise<Overview> => ({
  ...(await readOverview(ctx.db, ctx.now())),
  chainCheck: { trx: ctx.config.chain.tron !== undefined, usdt: ctx.config.chain.bsc !== undefined },
})

/**
 * The 30 days, read at most once every 5 minutes per process (callers in between share the answer): on a
 * database whose 30 days hold a million accounts and payouts each series reads them all (seconds), and the days
 * before today do not change.
 */
export function trends(ctx: OperatorsContext): Promise<Trends> {
  const cache = ctx.trendsCache
  const at = ctx.now().getTime()
  if (cache.cached === undefined || cache.cached.until <= at) {
    const value = readTrends(ctx.db, ctx.now())
    cache.cached = { until: at + TRENDS_FRESH_MS, value }
    value.catch(() => {
      cache.cached = undefined
    })
  }
  return cache.cached.value
}
