/**
 * The console's overview: the queues, what users are owed, paid today (UTC, by the service's clock) and paid in
 * all, and the ledger's problems, from the database.
 */
import type { Overview } from '@app/contract/ops'
import { and, eq, gte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { accounts, invoices, transactions } from '../../db/schema.ts'
import { formatUsdt } from '../../lib/money.ts'
import { findLedgerProblems, sumLedgerTotals } from '../ledger/repository.ts'

const count = sql<number>`count(*)::int`

async function overviewCounts(db: Db, now: Date) {
  const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const [[invoicesPending], [accountsPending], payoutRows, [paidToday]] = await Promise.all([
    db.select({ n: count }).from(invoices).where(eq(invoices.confirmationStatus, 'pending')),
    db.select({ n: count }).from(accounts).where(eq(accounts.status, 'pending')),
    db.select({ status: transactions.status, n: count }).from(transactions).groupBy(transactions.status),
    db
      .select({ amount: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` })
      .from(transactions)
      .where(and(eq(transactions.status, 'success'), gte(transactions.paidAt, startOfDay))),
  ])
  const payouts = (status: string) => payoutRows.find((row) => row.status === status)?.n ?? 0
  return {
    invoicesAwaitingConfirmation: invoicesPending?.n ?? 0,
    accountsAwaitingValidation: accountsPending?.n ?? 0,
    payoutsPending: payouts('pending'),
    payoutsBroadcasting: payouts('broadcasting'),
    payoutsInReview: payouts('review'),
    paidTodayMinor: BigInt(paidToday?.amount ?? '0'),
  }
}

/** The overview at `now`: owed is the users' available balances plus their unpaid invoices, in minor units. */
export async function readOverview(db: Db, now: Date): Promise<Overview> {
  const [{ paidTodayMinor, ...queues }, totals, ledgerProblems] = await Promise.all([
    overviewCounts(db, now),
    sumLedgerTotals(db),
    findLedgerProblems(db),
  ])
  return {
    ...queues,
    owed: formatUsdt(totals.available + totals.unpaid),
    paidToday: formatUsdt(paidTodayMinor),
    paidTotal: formatUsdt(totals.paid),
    ledgerProblems,
    at: now.toISOString(),
  }
}
