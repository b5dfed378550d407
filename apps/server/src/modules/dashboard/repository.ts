/**
 * What the dashboard reads about one user. Accounts and invoices arrive with later issues:
 * they extend `countAccounts` and `availableBalanceMinor` here, nothing else changes.
 */
import { count, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'

export type DashboardUser = {
  canAddAccount: boolean
  canRegisterAccount: boolean
  canReferrer: boolean
  referrerTelegramId: number | null
}

const referrer = alias(users, 'referrer')

export async function findDashboardUser(db: Db, userId: number): Promise<DashboardUser | undefined> {
  const [row] = await db
    .select({
      canAddAccount: users.canAddAccount,
      canRegisterAccount: users.canRegisterAccount,
      canReferrer: users.canReferrer,
      referrerTelegramId: referrer.telegramId,
    })
    .from(users)
    .leftJoin(referrer, eq(referrer.id, users.referrerUserId))
    .where(eq(users.id, userId))
  return row
}

export async function countReferrals(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.referrerUserId, userId))
  return row?.n ?? 0
}

/** Accounts the user has submitted. No accounts table yet: always 0. */
export async function countAccounts(_db: Db, _userId: number): Promise<number> {
  return 0
}

/**
 * Available balance in USDT minor units (6 decimals): accepted accounts not on an invoice plus
 * unpaid referral earnings. Neither exists yet: always 0.
 */
export async function availableBalanceMinor(_db: Db, _userId: number): Promise<bigint> {
  return 0n
}
