/** What the dashboard reads about one user. */
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { accounts, emailIdentities, users } from '../../db/schema.ts'
import { unseenNewsCountSql } from '../news/repository.ts'
import { availableEarningsSql } from '../referrals/earnings-repository.ts'
import { referredUsersCountSql } from '../referrals/repository.ts'

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

/** Everything the dashboard reads about one user, besides the settings. */
export type DashboardFigures = {
  user: DashboardUser
  /** Available balance in USDT minor units (6 decimals). */
  available: bigint
  accountCount: number
  referralsCount: number
  unseenNews: number
}

/**
 * One statement, one round trip: the user's flags, referrer and email, and as scalar subqueries the available
 * balance (net of accepted accounts on no invoice plus referral earnings on no invoice, summed by the database as
 * integers: what `POST /invoices/request-invoice` attaches), the accounts submitted, the users brought and the
 * unseen news. Each subquery reads one index range of the user (docs/resilience.md, 'Load': six statements in
 * parallel held six of the pool's connections per request, the dashboard's throughput a sixth of a bare route's).
 */
export async function findDashboardFigures(
  db: Db,
  userId: number,
  newsCap: number,
): Promise<DashboardFigures | undefined> {
  const [row] = await db
    .select({
      canAddAccount: users.canAddAccount,
      canRegisterAccount: users.canRegisterAccount,
      canReferrer: users.canReferrer,
      referrerTelegramId: referrer.telegramId,
      email: emailIdentities.email,
      availableAccounts: sql<string>`(
        select coalesce(sum(${accounts.net}), 0)::text from ${accounts}
        where ${accounts.userId} = ${users.id} and ${accounts.status} = 'accepted' and ${accounts.invoiceId} is null)`,
      availableEarnings: availableEarningsSql(userId),
      accountCount: sql<number>`(select count(*)::int from ${accounts} where ${accounts.userId} = ${users.id})`,
      referralsCount: referredUsersCountSql(userId),
      unseenNews: unseenNewsCountSql(userId, newsCap),
    })
    .from(users)
    .leftJoin(referrer, eq(referrer.id, users.referrerUserId))
    .leftJoin(
      emailIdentities,
      and(eq(emailIdentities.userId, users.id), isNotNull(emailIdentities.verifiedAt)),
    )
    .where(eq(users.id, userId))
  if (!row) return undefined
  return {
    user: {
      canAddAccount: row.canAddAccount,
      canRegisterAccount: row.canRegisterAccount,
      canReferrer: row.canReferrer,
      referrerTelegramId: row.referrerTelegramId,
      email: row.email,
    },
    available: BigInt(row.availableAccounts) + BigInt(row.availableEarnings),
    accountCount: Number(row.accountCount),
    referralsCount: Number(row.referralsCount),
    unseenNews: Number(row.unseenNews),
  }
}
