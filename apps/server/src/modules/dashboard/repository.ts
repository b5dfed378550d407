/** What the dashboard reads about one user. */
import { NEWS_UNSEEN_CAP } from '@app/contract'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '#db/client.ts'
import { preparedPerDb } from '#db/prepared.ts'
import { accounts, emailIdentities, users } from '#db/schema.ts'
import { phoneCountryOf } from '#lib/phone-number.ts'
import { notBlockedSql } from '../auth/repository.ts'
import { unseenNewsCountSql } from '../news/repository.ts'
import { availableEarningsSql } from '../referrals/earnings-repository.ts'
import { referredUsersCountSql } from '../referrals/repository.ts'
import { unreadRepliesCountSql } from '../support/repository.ts'

export type DashboardUser = {
  canAddAccount: boolean
  canRegisterAccount: boolean
  canReferrer: boolean
  /** Null when the referrer has no Telegram id either (they joined by email), as for an operator invite. */
  referrerTelegramId: number | null
  /** The verified sign-in email (docs/email-auth.md). */
  email: string | null
  /** The phone screens' country: picked, else the language's (lib/phone-number.ts). */
  phoneCountry: string | null
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
  supportUnread: number
}

/** The user of the statement, by that name: `users` inside a subquery is that subquery's own. */
const me = alias(users, 'me')

/**
 * One statement, one round trip, by the access token's subject. Whether that user exists and is not blocked: the
 * check `app.authenticate` makes with a statement of its own on other routes (no row: a 401). The user's flags,
 * referrer and email, and as scalar subqueries the available balance (net of accepted accounts on no invoice plus
 * referral earnings on no invoice, summed by the database as integers: what `POST /invoices/request-invoice`
 * attaches), the accounts submitted, the users brought, the unseen news and support's unread replies. Each subquery reads one index range of
 * the user (docs/resilience.md, 'Load': six statements in parallel held six of the pool's connections per request,
 * the dashboard's throughput a sixth of a bare route's). Prepared (db/prepared.ts): building it cost more Node CPU
 * than PostgreSQL spent running it.
 */
const dashboardFigures = preparedPerDb((db) =>
  db
    .select({
      canAddAccount: me.canAddAccount,
      canRegisterAccount: me.canRegisterAccount,
      canReferrer: me.canReferrer,
      referrerTelegramId: referrer.telegramId,
      email: emailIdentities.email,
      phoneCountry: me.phoneCountry,
      languageCode: me.languageCode,
      availableAccounts: sql<string>`(
        select coalesce(sum(${accounts.net}), 0)::text from ${accounts}
        where ${accounts.userId} = ${me.id} and ${accounts.status} = 'accepted' and ${accounts.invoiceId} is null)`,
      availableEarnings: availableEarningsSql(me.id),
      accountCount: sql<number>`(select count(*)::int from ${accounts} where ${accounts.userId} = ${me.id})`,
      referralsCount: referredUsersCountSql(me.id),
      unseenNews: unseenNewsCountSql(me.id, NEWS_UNSEEN_CAP),
      supportUnread: unreadRepliesCountSql(me.id),
    })
    .from(me)
    .leftJoin(referrer, eq(referrer.id, me.referrerUserId))
    .leftJoin(emailIdentities, and(eq(emailIdentities.userId, me.id), isNotNull(emailIdentities.verifiedAt)))
    .where(and(eq(me.uid, sql.placeholder('uid')), notBlockedSql(me.id)))
    .prepare('dashboard_figures'),
)

/** Undefined when no such user, or a blocked one. */
export async function findDashboardFigures(db: Db, userUid: string): Promise<DashboardFigures | undefined> {
  const [row] = await dashboardFigures(db).execute({ uid: userUid })
  if (!row) return undefined
  return {
    user: {
      canAddAccount: row.canAddAccount,
      canRegisterAccount: row.canRegisterAccount,
      canReferrer: row.canReferrer,
      referrerTelegramId: row.referrerTelegramId,
      email: row.email,
      phoneCountry: phoneCountryOf(row),
    },
    available: BigInt(row.availableAccounts) + BigInt(row.availableEarnings),
    accountCount: Number(row.accountCount),
    referralsCount: Number(row.referralsCount),
    unseenNews: Number(row.unseenNews),
    supportUnread: Number(row.supportUnread),
  }
}
