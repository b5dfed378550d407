/** All SQL about transactions (payouts of invoices): the records operators and users see, and status moves. */
import { and, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { bankCards, invoices, transactions, users } from '../../db/schema.ts'
import type { CursorPosition } from '../../lib/cursor.ts'
import { createdAtKey, keysetScan } from '../../lib/keyset.ts'
import { OPEN_TRANSACTION_STATUSES, type PayoutCurrency, type TransactionStatus } from './status-rules.ts'

const referrer = alias(users, 'referrer')

const recordColumns = {
  ...getTableColumns(transactions),
  createdAtKey: createdAtKey(transactions.createdAt),
  invoiceUid: invoices.uid,
  telegramId: users.telegramId,
  referrerTelegramId: referrer.telegramId,
  cardName: bankCards.name,
  cardFamily: bankCards.family,
  cardNumber: bankCards.number,
}
function selectRecords(db: Db) {
  return db
    .select(recordColumns)
    .from(transactions)
    .innerJoin(invoices, eq(invoices.id, transactions.invoiceId))
    .innerJoin(users, eq(users.id, transactions.userId))
    .leftJoin(referrer, eq(referrer.id, users.referrerUserId))
    .leftJoin(bankCards, eq(bankCards.id, transactions.bankCardId))
}

export type TransactionRecord = Awaited<ReturnType<typeof findTransactionsOfInvoice>>[number]

export async function findTransactionsOfInvoice(db: Db, invoiceId: number) {
  return selectRecords(db)
    .where(eq(transactions.invoiceId, invoiceId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
}

export async function findOpenTransaction(db: Db, invoiceId: number): Promise<TransactionRecord | undefined> {
  const [row] = await selectRecords(db).where(
    and(eq(transactions.invoiceId, invoiceId), inArray(transactions.status, OPEN_TRANSACTION_STATUSES)),
  )
  return row
}

export async function findTransaction(
  db: Db,
  uid: string,
  userId?: number,
): Promise<TransactionRecord | undefined> {
  const conditions: SQL[] = [eq(transactions.uid, uid)]
  if (userId !== undefined) conditions.push(eq(transactions.userId, userId))
  const [row] = await selectRecords(db).where(and(...conditions))
  return row
}

export async function hasTransactionIn(
  db: Db,
  invoiceId: number,
  statuses: readonly TransactionStatus[],
): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.invoiceId, invoiceId), inArray(transactions.status, statuses)))
    .limit(1)
  return row !== undefined
}

export type NewTransaction = {
  invoiceId: number
  userId: number
  currency: PayoutCurrency
  amount: bigint
  userFee: bigint
  rate: bigint
  net: bigint
  receiverAddress: string
  bankCardId: number | null
  createdAt: Date
}

export async function insertTransaction(tx: Db, values: NewTransaction): Promise<string> {
  const [row] = await tx
    .insert(transactions)
    .values({ ...values, updatedAt: values.createdAt })
    .returning({ uid: transactions.uid })
  if (!row) throw new Error('transaction insert returned no row')
  return row.uid
}

/** Moves a transaction only from one of `from`; undefined when it was not in one of them. */
export async function updateTransactionStatus(
  tx: Db,
  id: number,
  from: readonly TransactionStatus[],
  change: { status: TransactionStatus; txid?: string; senderAddress?: string | null; paidAt?: Date },
): Promise<boolean> {
  const rows = await tx
    .update(transactions)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, id), inArray(transactions.status, from)))
    .returning({ id: transactions.id })
  return rows.length === 1
}

/** The operators' list: with a status the queue oldest first, without one newest first; keyset paged. */
export async function findTransactionsByStatus(
  db: Db,
  filter: { status?: TransactionStatus | undefined; currency?: PayoutCurrency | undefined },
  limit: number,
  from: CursorPosition | undefined,
) {
  const scan = keysetScan(
    transactions.createdAt,
    transactions.id,
    filter.status === undefined ? 'desc' : 'asc',
    from,
  )
  const conditions: SQL[] = []
  if (filter.status !== undefined) conditions.push(eq(transactions.status, filter.status))
  if (filter.currency !== undefined) conditions.push(eq(transactions.currency, filter.currency))
  if (scan.after) conditions.push(scan.after)
  return selectRecords(db)
    .where(and(...conditions))
    .orderBy(...scan.orderBy)
    .limit(limit)
}

/** Invoice ids (of the given ones) that have an open transaction. */
export async function invoicesWithOpenTransaction(db: Db, invoiceIds: number[]): Promise<Set<number>> {
  if (invoiceIds.length === 0) return new Set()
  const rows = await db
    .selectDistinct({ invoiceId: transactions.invoiceId })
    .from(transactions)
    .where(
      and(
        inArray(transactions.invoiceId, invoiceIds),
        inArray(transactions.status, OPEN_TRANSACTION_STATUSES),
      ),
    )
  return new Set(rows.map((row) => row.invoiceId))
}
