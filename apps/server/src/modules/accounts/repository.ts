/** All SQL about accounts. Rows stay snake_case in here; callers get camelCase records. */
import type { AccountStatus, ValidationStatus } from '@app/contract'
import { and, desc, eq, getTableColumns, isNotNull, isNull, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { accounts, users } from '../../db/schema.ts'
import type { CursorPosition } from '../../lib/cursor.ts'
import { createdAtKey, keysetScan } from '../../lib/keyset.ts'

export type AccountRecord = typeof accounts.$inferSelect & { createdAtKey: string; invoiceUid: string | null }

export const accountRecordColumns = {
  ...getTableColumns(accounts),
  createdAtKey: createdAtKey(accounts.createdAt),
  /** The wire names the invoice by its uid. */
  invoiceUid: sql<string | null>`(select i.uid from invoices i where i.id = ${accounts.invoiceId})`,
}
const recordColumns = accountRecordColumns

export type NewAccount = {
  userId: number
  phone: string
  country: string
  price: bigint
  submitType: 'login' | 'register'
  validationAt: Date
}

/** Inserts a pending account; undefined when the phone number already has an account. */
export async function insertAccount(db: Db, account: NewAccount): Promise<AccountRecord | undefined> {
  const [row] = await db
    .insert(accounts)
    .values({ ...account, net: account.price })
    .onConflictDoNothing({ target: accounts.phone })
    .returning(recordColumns)
  return row
}

export async function phoneHasAccount(db: Db, phone: string): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, phone)).limit(1)
  return row !== undefined
}

export async function findAccountOfUser(
  db: Db,
  userId: number,
  uid: string,
): Promise<AccountRecord | undefined> {
  const [row] = await db
    .select(recordColumns)
    .from(accounts)
    .where(and(eq(accounts.uid, uid), eq(accounts.userId, userId)))
  return row
}

export type AccountListFilter = {
  status?: AccountStatus | undefined
  noInvoice?: boolean | undefined
  /** Digits (optionally a leading +) that must occur in the phone; already normalized. */
  phoneContains?: string | undefined
}

/**
 * One keyset page. `order` is the list's sort; `after` the position to continue from, in the
 * direction the cursor says. Fetches one row more than asked to learn whether more exist.
 * Always bounded by user_id first, so every plan starts from the user's own index range.
 */
export async function findAccountPage(
  db: Db,
  userId: number,
  filter: AccountListFilter,
  order: 'asc' | 'desc',
  limit: number,
  from: CursorPosition | undefined,
): Promise<AccountRecord[]> {
  const conditions: SQL[] = [eq(accounts.userId, userId)]
  if (filter.status !== undefined) conditions.push(eq(accounts.status, filter.status))
  if (filter.noInvoice === true) conditions.push(isNull(accounts.invoiceId))
  if (filter.phoneContains !== undefined) {
    conditions.push(sql`${accounts.phone} like ${`%${filter.phoneContains}%`}`)
  }
  const scan = keysetScan(accounts.createdAt, accounts.id, order, from)
  if (scan.after) conditions.push(scan.after)
  return db
    .select(recordColumns)
    .from(accounts)
    .where(and(...conditions))
    .orderBy(...scan.orderBy)
    .limit(limit)
}

/**
 * An operator's override. accepted/rejected end any pending validation (the engine only validates
 * pending accounts); pending queues the account for a fresh validation at `revalidateAt`.
 */
export async function setAccountStatus(
  db: Db,
  uid: string,
  status: AccountStatus,
  revalidateAt: Date,
): Promise<AccountRecord | undefined> {
  const requeue =
    status === 'pending'
      ? {
          validationStatus: 'pending' as const,
          validationAt: revalidateAt,
          claimedUntil: null,
          claimToken: null,
        }
      : {}
  const [row] = await db
    .update(accounts)
    .set({ status, ...requeue, updatedAt: sql`now()` })
    // An account on an invoice keeps its status: the invoice's amount is its net.
    .where(and(eq(accounts.uid, uid), isNull(accounts.invoiceId)))
    .returning(recordColumns)
  return row
}

export async function accountIsOnInvoice(db: Db, uid: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.uid, uid), isNotNull(accounts.invoiceId)))
  return row !== undefined
}

/** An operator's view: the newest accounts of the user with this Telegram id. */
export async function findAccountsOfTelegramUser(
  db: Db,
  telegramId: number,
  limit: number,
): Promise<AccountRecord[] | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.telegramId, telegramId))
  if (!user) return undefined
  return db
    .select(recordColumns)
    .from(accounts)
    .where(eq(accounts.userId, user.id))
    .orderBy(desc(accounts.createdAt), desc(accounts.id))
    .limit(limit)
}

export type OpsAccountFilter = {
  status?: AccountStatus | undefined
  validationStatus?: ValidationStatus | undefined
  /** Digits (optionally a leading +) that must occur in the phone; already normalized. */
  phoneContains?: string | undefined
}

/**
 * An operator's search over every user's accounts, newest first, one keyset page (one row more than asked).
 * The phone substring uses the trigram index (`accounts_user_phone_trgm_idx`: a GIN index serves a condition on
 * any of its columns, so the user id in it does not get in the way).
 */
export async function findAccountsForOperators(
  db: Db,
  filter: OpsAccountFilter,
  limit: number,
  from: CursorPosition | undefined,
): Promise<(AccountRecord & { telegramId: number | null })[]> {
  const conditions: SQL[] = []
  if (filter.status !== undefined) conditions.push(eq(accounts.status, filter.status))
  if (filter.validationStatus !== undefined)
    conditions.push(eq(accounts.validationStatus, filter.validationStatus))
  if (filter.phoneContains !== undefined)
    conditions.push(sql`${accounts.phone} like ${`%${filter.phoneContains}%`}`)
  const scan = keysetScan(accounts.createdAt, accounts.id, 'desc', from)
  if (scan.after) conditions.push(scan.after)
  return db
    .select({ ...recordColumns, telegramId: users.telegramId })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(...conditions))
    .orderBy(...scan.orderBy)
    .limit(limit)
}

/** An account's statuses, by uid (the audit log's picture before an operator changes them). */
export async function findAccountStatus(db: Db, uid: string) {
  const [row] = await db
    .select({ status: accounts.status, validationStatus: accounts.validationStatus })
    .from(accounts)
    .where(eq(accounts.uid, uid))
  return row ?? null
}
