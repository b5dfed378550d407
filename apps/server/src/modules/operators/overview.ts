/** The console's overview figures: the queues, paid today (UTC) and the open payouts' amount, from the database. */
import { and, eq, gte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { accounts, invoices, transactions } from '../../db/schema.ts'

const count = sql<number>`count(*)::int`

export async function overviewCounts(db: Db, now: Date) {
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
