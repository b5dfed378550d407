/** All SQL about accounts. Rows stay snake_case in here; callers get camelCase records. */
import type { AccountStatus, ValidationStatus } from '@app/contract'
import { and, desc, eq, getTableColumns, isNotNull, isNull, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { accounts, users } from '#db/schema.ts'
import type { CursorPosition } from '#lib/cursor.ts'
import { createdAtKey, keysetScan } from '#lib/keyset.ts'

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

/** Sets a new account's price (and its net, still equal to it). */
export async function setNewAccountPrice(db: Db, id: number, price: bigint): Promise<AccountRecord> {
  const [row] = await db
    .update(accounts)
    .set({ price, net: price })
    .where(eq(accounts.id, id))
    .returning(recordColumns)
  if (!row) throw new Error(`account ${id} vanished inside its own transaction`)
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

/** An operator's view: the newest accounts of a user. */
export async function findAccountsOfUser(db: Db, userId: number, limit: number): Promise<AccountRecord[]> {
  return db
    .select(recordColumns)
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(desc(accounts.createdAt), desc(accounts.id))
    .limit(limit)
}

export type OpsAccountFilter = {
  status?: AccountStatus | undefined
  validationStatus?: ValidationStatus | undefined
  /** Digits (optionally a leading +) that must occur in the phone; already normalized. */
  phoneContains?: string | undefined
}

/** The newest rows (in the page's direction) a phone search looks at before it chooses its plan. */
const PHONE_WALK_WINDOW = 1000

/**
 * An operator's search over every user's accounts, newest first, one keyset page (one row more than asked).
 *
 * With a phone substring there are two plans, and PostgreSQL's own choice between them was the operators' tail
 * (docs/resilience.md, 'Load'): walking `accounts_created_idx` from the newest and filtering is quick when matches
 * are common, but its cost is where the matches lie in time, which the planner cannot know: a 4-digit search whose
 * 20 matches were all old read every one of the 1M rows (docs/measurements/load.md). So the newest
 * PHONE_WALK_WINDOW rows are counted first: when they hold a page, the walk finds it within them; otherwise the
 * trigram index (`accounts_user_phone_trgm_idx`: a GIN index serves a condition on any of its columns) gives every
 * match and they are sorted, a cost bounded by the number of matches. The ordering on `created_at + 0` keeps the
 * planner off the walk there. The operator's Telegram id is read for the page's rows only (a subquery after the
 * sort), not joined over every user.
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
  const scan = keysetScan(accounts.createdAt, accounts.id, 'desc', from)
  if (scan.after) conditions.push(scan.after)
  let orderBy = scan.orderBy
  if (filter.phoneContains !== undefined) {
    const pattern = `%${filter.phoneContains}%`
    const newest = db
      .select({ phone: accounts.phone })
      .from(accounts)
      .where(and(...conditions))
      .orderBy(...scan.orderBy)
      .limit(PHONE_WALK_WINDOW)
      .as('newest')
    const [walk] = await db
      .select({ matches: sql<number>`count(*)::int` })
      .from(newest)
      .where(sql`${newest.phone} like ${pattern}`)
    if ((walk?.matches ?? 0) < limit) {
      const direction = (from?.d === 'p' ? sql.raw('asc') : sql.raw('desc')) as SQL
      orderBy = [
        sql`${accounts.createdAt} + interval '0 seconds' ${direction}`,
        sql`${accounts.id} + 0 ${direction}`,
      ]
    }
    conditions.push(sql`${accounts.phone} like ${pattern}`)
  }
  return db
    .select({
      ...recordColumns,
      telegramId: sql<
        number | null
      >`(select ${users.telegramId} from ${users} where ${users.id} = ${accounts.userId})`.mapWith(Number),
    })
    .from(accounts)
    .where(and(...conditions))
    .orderBy(...orderBy)
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
