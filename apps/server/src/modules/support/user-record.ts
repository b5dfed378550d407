/** The user's own record beside their thread (docs/support.md): accounts, invoices, transactions, last errors. */
import type { OpsSupportUserRecord } from '@app/contract/ops'
import { desc, eq, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { accounts, invoices, transactions } from '#db/schema.ts'
import { formatUsdt, netToWire } from '#lib/money.ts'
import { supportUserErrors } from './schema.ts'

const LATEST = 5

export async function readUserRecord(db: Db, userId: number): Promise<OpsSupportUserRecord> {
  const [count, accountRows, invoiceRows, transactionRows, errorRows] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(accounts).where(eq(accounts.userId, userId)),
    db
      .select({ uid: accounts.uid, phone: accounts.phone, status: accounts.status, at: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.userId, userId))
      .orderBy(desc(accounts.id))
      .limit(LATEST),
    db
      .select({
        uid: invoices.uid,
        amount: invoices.amount,
        confirmation: invoices.confirmationStatus,
        payment: invoices.paymentStatus,
        at: invoices.createdAt,
      })
      .from(invoices)
      .where(eq(invoices.userId, userId))
      .orderBy(desc(invoices.id))
      .limit(LATEST),
    db
      .select({
        uid: transactions.uid,
        currency: transactions.currency,
        net: transactions.net,
        status: transactions.status,
        at: transactions.createdAt,
      })
      .from(transactions)
      .where(eq(transactions.userId, userId))
      .orderBy(desc(transactions.id))
      .limit(LATEST),
    db
      .select()
      .from(supportUserErrors)
      .where(eq(supportUserErrors.userId, userId))
      .orderBy(desc(supportUserErrors.id))
      .limit(10),
  ])
  return {
    accounts: {
      total: Number(count[0]?.n ?? 0),
      latest: accountRows.map((r) => ({
        uid: r.uid,
        label: r.phone,
        status: r.status,
        at: r.at.toISOString(),
      })),
    },
    invoices: invoiceRows.map((r) => ({
      uid: r.uid,
      label: `${formatUsdt(r.amount)} USDT`,
      status: `${r.confirmation} / ${r.payment}`,
      at: r.at.toISOString(),
    })),
    transactions: transactionRows.map((r) => ({
      uid: r.uid,
      label: `${netToWire(r.currency, r.net)} ${r.currency.toUpperCase()}`,
      status: r.status,
      at: r.at.toISOString(),
    })),
    errors: errorRows.map((r) => ({
      at: r.at.toISOString(),
      method: r.method,
      route: r.route,
      status: r.status,
      code: r.code,
      requestId: r.requestId,
    })),
  }
}
