/** All SQL about transactions (payouts of invoices) and how they look on the wire. */
import type { Transaction } from '@app/contract'
import { and, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { bankCards, invoices, transactions, users } from '../../db/schema.ts'
import { epochSeconds } from '../../lib/epoch-seconds.ts'
import { formatUsdt, usdtToWireNumber } from '../../lib/money.ts'

export type PayoutCurrency = Transaction['currency']
export type TransactionStatus = Transaction['status']

/** Transaction statuses that block a new payment request (the one-open-per-invoice index uses the same). */
export const OPEN_TRANSACTION_STATUSES = ['pending', 'broadcasting', 'review'] as const

export function isOpenTransactionStatus(status: string): boolean {
  return (OPEN_TRANSACTION_STATUSES as readonly string[]).includes(status)
}

const referrer = alias(users, 'referrer')

const recordColumns = {
  ...getTableColumns(transactions),
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

/** Payout-currency minor units -> the wire: trx and usdt keep 6 decimals in storage, toman none. */
export function netToWire(currency: PayoutCurrency, net: bigint): number {
  return currency === 'irt' ? Number(net) : usdtToWireNumber(net)
}
const netToExact = (currency: PayoutCurrency, net: bigint) =>
  currency === 'irt' ? net.toString() : formatUsdt(net)

export function toTransaction(row: TransactionRecord): Transaction {
  const currency = row.currency as PayoutCurrency
  return {
    uid: row.uid,
    invoiceUid: row.invoiceUid,
    currency,
    net: netToWire(currency, row.net),
    rate: Number(formatUsdt(row.rate)),
    status: row.status as TransactionStatus,
    userFee: usdtToWireNumber(row.userFee),
    createdAt: epochSeconds(row.createdAt),
    updatedAt: epochSeconds(row.updatedAt),
    paidAt: row.paidAt === null ? null : epochSeconds(row.paidAt),
    txid: row.txid,
    senderAddress: row.senderAddress,
    receiverAddress: row.receiverAddress,
    referrerTelegramId: row.referrerTelegramId,
  }
}

export function toOpsTransaction(row: TransactionRecord) {
  const currency = row.currency as PayoutCurrency
  return {
    uid: row.uid,
    invoiceUid: row.invoiceUid,
    telegramId: row.telegramId,
    currency,
    status: row.status,
    amount: formatUsdt(row.amount),
    userFee: formatUsdt(row.userFee),
    rate: formatUsdt(row.rate),
    net: netToExact(currency, row.net),
    receiverAddress: row.receiverAddress,
    bankCard:
      row.cardNumber === null ? null : { name: row.cardName, family: row.cardFamily, number: row.cardNumber },
    txid: row.txid,
    senderAddress: row.senderAddress,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  }
}
export type OpsTransaction = ReturnType<typeof toOpsTransaction>

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
  statuses: readonly string[],
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
  from: readonly string[],
  change: { status: TransactionStatus; txid?: string; senderAddress?: string | null; paidAt?: Date },
): Promise<boolean> {
  const rows = await tx
    .update(transactions)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, id), inArray(transactions.status, from)))
    .returning({ id: transactions.id })
  return rows.length === 1
}

export async function setInvoicePaymentStatus(
  tx: Db,
  invoiceId: number,
  paymentStatus: string,
  paidAt: Date | null,
): Promise<void> {
  await tx
    .update(invoices)
    .set({ paymentStatus, paidAt, updatedAt: sql`now()` })
    .where(eq(invoices.id, invoiceId))
}

export async function findTransactionsByStatus(db: Db, status: string | undefined, limit: number) {
  return selectRecords(db)
    .where(status === undefined ? undefined : eq(transactions.status, status))
    .orderBy(status === undefined ? desc(transactions.createdAt) : transactions.createdAt)
    .limit(limit)
}
