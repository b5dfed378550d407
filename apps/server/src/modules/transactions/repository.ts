/** All SQL about transactions (the money leaving for invoices): the records operators and users see, and status moves. */
import type { ChainCheckState } from '@app/contract/ops'
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '#db/client.ts'
import { users } from '#db/schema.ts'
import type { CursorPosition } from '#lib/cursor.ts'
import { createdAtKey, keysetScan } from '#lib/keyset.ts'
import { bankCards } from '../bank-cards/schema.ts'
import { invoices } from '../invoices/schema.ts'
import { transactions } from './schema.ts'
import {
  OPEN_TRANSACTION_STATUSES,
  type TransactionCurrency,
  type TransactionStatus,
} from './status-rules.ts'

const referrer = alias(users, 'referrer')

const recordColumns = {
  ...getTableColumns(transactions),
  createdAtKey: createdAtKey(transactions.createdAt),
  invoiceUid: invoices.uid,
  telegramId: users.telegramId,
  firstName: users.firstName,
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
  currency: TransactionCurrency
  amount: bigint
  userFee: bigint
  rate: bigint
  net: bigint
  /** What leaves in USDT at the lowest rate of the day before (four eyes and the largest payment judge it). */
  valueUsdt: bigint
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

/** A transaction's chain check as stored (docs/transactions.md, 'Chain check'). */
export type StoredChainCheck = {
  chainCheck: TransactionRecord['chainCheck']
  chainConfirmations?: number | null
  chainRequired?: number | null
  chainReason?: string | null
  chainCheckedAt?: Date | null
  chainWaitUntil?: Date | null
}

/** Moves a transaction only from one of `from`; undefined when it was not in one of them. */
export async function updateTransactionStatus(
  tx: Db,
  id: number,
  from: readonly TransactionStatus[],
  change: {
    status: TransactionStatus
    txid?: string
    senderAddress?: string | null
    paidAt?: Date
  } & Partial<StoredChainCheck>,
): Promise<boolean> {
  const rows = await tx
    .update(transactions)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, id), inArray(transactions.status, from)))
    .returning({ id: transactions.id })
  return rows.length === 1
}

/** Writes the chain check of a transaction whose status does not change (a refusal, a new count of confirmations). */
export async function setChainCheck(
  tx: Db,
  id: number,
  check: StoredChainCheck,
  onlyIf?: { status: TransactionStatus; chainCheck: NonNullable<TransactionRecord['chainCheck']> },
): Promise<boolean> {
  const conditions: SQL[] = [eq(transactions.id, id)]
  if (onlyIf !== undefined)
    conditions.push(eq(transactions.status, onlyIf.status), eq(transactions.chainCheck, onlyIf.chainCheck))
  const rows = await tx
    .update(transactions)
    .set({ ...check, updatedAt: sql`now()` })
    .where(and(...conditions))
    .returning({ id: transactions.id })
  return rows.length === 1
}

/**
 * Holds the txid until the end of the database transaction, so that two transactions recording one txid at once are
 * serialized (the second then finds the first's). Case-blind, as the chains' hashes are.
 */
export async function lockTxid(tx: Db, txid: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`txid:${txid.toLowerCase()}`}))`)
}

/** Another transaction that recorded this txid, in any case; undefined when none. */
export async function findOtherTransactionWithTxid(
  db: Db,
  txid: string,
  exceptId: number,
): Promise<{ uid: string } | undefined> {
  const [row] = await db
    .select({ uid: transactions.uid })
    .from(transactions)
    .where(and(sql`lower(${transactions.txid}) = ${txid.toLowerCase()}`, ne(transactions.id, exceptId)))
    .limit(1)
  return row
}

/** Transactions waiting for confirmations, the least recently checked first (the background check's batch). */
export async function findWaitingTransactions(db: Db, limit: number): Promise<TransactionRecord[]> {
  return selectRecords(db)
    .where(and(eq(transactions.chainCheck, 'waiting'), eq(transactions.status, 'broadcasting')))
    .orderBy(asc(transactions.chainCheckedAt), asc(transactions.id))
    .limit(limit)
}

/** How many transactions wait for confirmations now (the console's overview). */
export async function countWaitingTransactions(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(transactions)
    .where(and(eq(transactions.chainCheck, 'waiting'), eq(transactions.status, 'broadcasting')))
  return Number(row?.n ?? 0)
}

function chainCheckCondition(state: ChainCheckState): SQL | undefined {
  if (state === 'not_applicable') return eq(transactions.currency, 'irt')
  if (state === 'none') return and(isNull(transactions.chainCheck), ne(transactions.currency, 'irt'))
  return eq(transactions.chainCheck, state)
}

/** The operators' list: with a status the queue oldest first, without one newest first; keyset paged. */
export async function findTransactionsByStatus(
  db: Db,
  filter: {
    status?: TransactionStatus | undefined
    currency?: TransactionCurrency | undefined
    chainCheck?: ChainCheckState | undefined
  },
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
  const chainCheck = filter.chainCheck === undefined ? undefined : chainCheckCondition(filter.chainCheck)
  if (chainCheck !== undefined) conditions.push(chainCheck)
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
