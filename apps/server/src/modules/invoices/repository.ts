/**
 * All SQL about invoices: creating one from the available balance (attaching accounts), reading them, and their
 * confirmation. The payment status, which follows the invoice's transactions: modules/transactions/invoice-payments.ts.
 */
import { and, count, eq, getTableColumns, inArray, isNull, max, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { accounts, referralEarnings, users } from '#db/schema.ts'
import type { CursorPosition } from '#lib/cursor.ts'
import { createdAtKey, keysetScan } from '#lib/keyset.ts'
import { accountRecordColumns } from '../accounts/repository.ts'
import { invoices } from './schema.ts'
import type { ConfirmationStatus } from './status-rules.ts'

export type InvoiceRecord = typeof invoices.$inferSelect & { createdAtKey: string }
const recordColumns = { ...getTableColumns(invoices), createdAtKey: createdAtKey(invoices.createdAt) }

export async function lastInvoiceCreatedAt(tx: Db, userId: number): Promise<Date | undefined> {
  const [row] = await tx
    .select({ at: max(invoices.createdAt) })
    .from(invoices)
    .where(eq(invoices.userId, userId))
  return row?.at ?? undefined
}

export async function insertInvoice(tx: Db, userId: number, createdAt: Date): Promise<InvoiceRecord> {
  const [row] = await tx
    .insert(invoices)
    .values({ userId, amount: 0n, createdAt, updatedAt: createdAt })
    .returning(recordColumns)
  if (!row) throw new Error('invoice insert returned no row')
  return row
}

/**
 * Attaches every accepted account of the user that is on no invoice, and answers the sum of their net:
 * the invoice's amount is exactly what this statement attached, whatever committed just before it.
 */
export async function attachAvailableAccounts(tx: Db, userId: number, invoiceId: number): Promise<bigint> {
  const attached = await tx
    .update(accounts)
    .set({ invoiceId, updatedAt: sql`now()` })
    .where(and(eq(accounts.userId, userId), eq(accounts.status, 'accepted'), isNull(accounts.invoiceId)))
    .returning({ net: accounts.net })
  return attached.reduce((sum, row) => sum + row.net, 0n)
}

export async function setInvoiceAmount(tx: Db, invoiceId: number, amount: bigint): Promise<InvoiceRecord> {
  const [row] = await tx
    .update(invoices)
    .set({ amount })
    .where(eq(invoices.id, invoiceId))
    .returning(recordColumns)
  if (!row) throw new Error('invoice vanished inside its own transaction')
  return row
}

export async function findInvoicePage(
  db: Db,
  userId: number,
  limit: number,
  from: CursorPosition | undefined,
): Promise<InvoiceRecord[]> {
  const scan = keysetScan(invoices.createdAt, invoices.id, 'desc', from)
  const conditions: SQL[] = [eq(invoices.userId, userId)]
  if (scan.after) conditions.push(scan.after)
  return db
    .select(recordColumns)
    .from(invoices)
    .where(and(...conditions))
    .orderBy(...scan.orderBy)
    .limit(limit)
}

export async function findInvoice(
  db: Db,
  uid: string,
  options: { userId?: number; forUpdate?: boolean } = {},
): Promise<InvoiceRecord | undefined> {
  const conditions: SQL[] = [eq(invoices.uid, uid)]
  if (options.userId !== undefined) conditions.push(eq(invoices.userId, options.userId))
  const query = db
    .select(recordColumns)
    .from(invoices)
    .where(and(...conditions))
  const [row] = options.forUpdate ? await query.for('update') : await query
  return row
}

export async function findInvoiceAccountPage(
  db: Db,
  invoiceId: number,
  limit: number,
  from: CursorPosition | undefined,
) {
  const scan = keysetScan(accounts.createdAt, accounts.id, 'desc', from)
  const conditions: SQL[] = [eq(accounts.invoiceId, invoiceId)]
  if (scan.after) conditions.push(scan.after)
  return db
    .select(accountRecordColumns)
    .from(accounts)
    .where(and(...conditions))
    .orderBy(...scan.orderBy)
    .limit(limit)
}

export async function countInvoiceAccounts(db: Db, invoiceId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accounts).where(eq(accounts.invoiceId, invoiceId))
  return row?.n ?? 0
}

/** Moves the confirmation status only from one of `from` (so concurrent operators cannot both win). */
export async function updateConfirmationStatus(
  tx: Db,
  invoiceId: number,
  from: readonly ConfirmationStatus[],
  to: ConfirmationStatus,
): Promise<InvoiceRecord | undefined> {
  const [row] = await tx
    .update(invoices)
    .set({ confirmationStatus: to, updatedAt: sql`now()` })
    .where(and(eq(invoices.id, invoiceId), inArray(invoices.confirmationStatus, from)))
    .returning(recordColumns)
  return row
}

/** A rejected invoice gives its accounts back to the available balance. */
export async function releaseInvoiceAccounts(tx: Db, invoiceId: number): Promise<number> {
  const released = await tx
    .update(accounts)
    .set({ invoiceId: null, updatedAt: sql`now()` })
    .where(eq(accounts.invoiceId, invoiceId))
    .returning({ id: accounts.id })
  return released.length
}

/** Operators' queue: invoices by confirmation status, oldest first. */
/** The operators' list: with a status the queue oldest first, without one newest first; keyset paged. */
export async function findInvoicesByConfirmation(
  db: Db,
  status: ConfirmationStatus | undefined,
  limit: number,
  from: CursorPosition | undefined,
) {
  const scan = keysetScan(invoices.createdAt, invoices.id, status === undefined ? 'desc' : 'asc', from)
  const conditions: SQL[] = []
  if (status !== undefined) conditions.push(eq(invoices.confirmationStatus, status))
  if (scan.after) conditions.push(scan.after)
  return db
    .select({
      ...recordColumns,
      telegramId: users.telegramId,
      firstName: users.firstName,
      accountCount: sql<number>`(select count(*)::int from ${accounts} where ${accounts.invoiceId} = ${invoices.id})`,
      referralEarnings: sql<string>`(select coalesce(sum(${referralEarnings.amount}), 0)::text from ${referralEarnings} where ${referralEarnings.invoiceId} = ${invoices.id})`,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(and(...conditions))
    .orderBy(...scan.orderBy)
    .limit(limit)
}
