/** What the dashboard reads about one user. */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { accounts, emailIdentities, users } from '../../db/schema.ts'
import { availableEarningsAmount } from '../referrals/earnings-repository.ts'

export type DashboardUser = {
  canAddAccount: boolean
  canRegisterAccount: boolean
  canReferrer: boolean
  /** Null when the referrer has no Telegram id either (they joined by email), as for an operator invite. */
  referrerTelegramId: number | null
  /** The verified sign-in email (docs/email-auth.md). */
  email: string | null
}

const referrer = alias(users, 'referrer')

export async function findDashboardUser(db: Db, userId: number): Promise<DashboardUser | undefined> {
  const [row] = await db
    .select({
      canAddAccount: users.canAddAccount,
      canRegisterAccount: users.canRegisterAccount,
      canReferrer: users.canReferrer,
      referrerTelegramId: referrer.telegramId,
      email: emailIdentities.email,
    })
    .from(users)
    .leftJoin(referrer, eq(referrer.id, users.referrerUserId))
    .leftJoin(
      emailIdentities,
      and(eq(emailIdentities.userId, users.id), isNotNull(emailIdentities.verifiedAt)),
    )
    .where(eq(users.id, userId))
  return row
}

/** Every account the user has submitted, whatever its status. */
export async function countAccounts(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(eq(accounts.userId, userId))
  return row?.n ?? 0
}

/**
 * Available balance in USDT minor units (6 decimals): net of accepted accounts not on an invoice plus referral
 * earnings on no invoice (summed by the database as integers), what `POST /invoices/request-invoice` attaches.
 */
export async function availableBalanceMinor(db: Db, userId: number): Promise<bigint> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${accounts.net}), 0)::text` })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.status, 'accepted'), isNull(accounts.invoiceId)))
  return BigInt(row?.sum ?? '0') + (await availableEarningsAmount(db, userId))
}
