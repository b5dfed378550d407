import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import {
  accounts,
  exchangeRates,
  news,
  orders,
  rateLimitCounters,
  referralEarnings,
  referralLinks,
  submissionFlows,
  users,
} from '#db/schema.ts'
import { accrueReferralEarning } from '#modules/referrals/earnings-repository.ts'
import { insertSettingsIfAbsent, readSettings } from '#modules/settings/repository.ts'
import {
  DEMO_INVITE_CODE,
  DEMO_NEWS,
  DEMO_ORDERS,
  DEMO_RATES,
  DEMO_REFERRAL_CODE,
  DEMO_REFERRED,
  DEMO_REFERRER,
  DEMO_SETTINGS,
  DEMO_USERS,
  type DemoUser,
} from './demo-data.ts'

/**
 * All SQL of the demo data, in one database transaction at start-up (DEMO_DATA). Idempotent: safe on every
 * start, and never overrides what an operator changed.
 */
export async function seedDemoData(db: Db, options: { simulatorUsers: boolean; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const invite = await tx
      .insert(referralLinks)
      .values({ code: DEMO_INVITE_CODE, userId: null })
      .onConflictDoNothing()
      .returning({ id: referralLinks.id })
    // The invite is new only on a database's first seeding: the demo news are published then and never again, so
    // an item an operator removed stays removed after a restart.
    const firstSeeding = invite.length > 0
    if (firstSeeding) await seedDemoNews(tx, options.now)
    const [referrer] = await tx
      .insert(users)
      .values({
        telegramId: DEMO_REFERRER.telegramId,
        firstName: DEMO_REFERRER.firstName,
        lastName: DEMO_REFERRER.lastName,
        username: DEMO_REFERRER.username,
        languageCode: DEMO_REFERRER.languageCode,
      })
      // A no-op update so RETURNING yields the existing row too.
      .onConflictDoUpdate({ target: users.telegramId, set: { telegramId: sql`excluded.telegram_id` } })
      .returning({ id: users.id })
    if (!referrer) throw new Error('demo referrer upsert returned nothing')
    await tx
      .insert(referralLinks)
      .values({ code: DEMO_REFERRAL_CODE, userId: referrer.id })
      .onConflictDoNothing()
    await insertSettingsIfAbsent(tx, DEMO_SETTINGS)
    // The simulator's users (and whom they brought) only where the simulator signs them in.
    if (options.simulatorUsers) await seedDemoReferrals(tx, referrer.id)
    // Only missing countries: an operator's prices, capacities and switches stay.
    await tx
      .insert(orders)
      .values([...DEMO_ORDERS])
      .onConflictDoNothing({ target: orders.country })
    // A pair with no rate yet gets the demo rate; rates operators set stay.
    for (const rate of DEMO_RATES) {
      await tx.execute(sql`
        insert into ${exchangeRates} (pair, price)
        select ${rate.pair}, ${rate.price.toString()}::bigint
        where not exists (select 1 from ${exchangeRates} where pair = ${rate.pair})`)
    }
  })
}

/** The demo news, published some days apart before now. */
async function seedDemoNews(tx: Db, now: Date): Promise<void> {
  const dayMs = 24 * 60 * 60 * 1000
  await tx.insert(news).values(
    DEMO_NEWS.map((item) => ({
      titleEn: item.en.title,
      bodyEn: item.en.body,
      titleFa: item.fa.title,
      bodyFa: item.fa.body,
      publishedAt: new Date(now.getTime() - item.daysAgo * dayMs),
    })),
  )
}

/** Inserts the user unless they exist (then leaves them as they are); answers the id either way. */
async function ensureDemoUser(tx: Db, user: Omit<DemoUser, 'note'>, referrerUserId: number): Promise<number> {
  await tx
    .insert(users)
    .values({
      telegramId: user.telegramId,
      firstName: user.firstName,
      lastName: user.lastName,
      username: user.username,
      languageCode: user.languageCode,
      referrerUserId,
    })
    .onConflictDoNothing({ target: users.telegramId })
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.telegramId, user.telegramId))
  if (!row) throw new Error('demo user vanished')
  return row.id
}

/**
 * The first simulator user, referred by the demo referrer, and the people she brought, each with an accepted
 * account and her earning from it (the same accrual as a real acceptance). Only what is missing is added.
 */
async function seedDemoReferrals(tx: Db, demoReferrerId: number): Promise<void> {
  const first = DEMO_USERS[0]
  if (!first) return
  const sara = await ensureDemoUser(tx, first, demoReferrerId)
  const { referral_share_percent: share } = await readSettings(tx)
  for (const person of DEMO_REFERRED) {
    const userId = await ensureDemoUser(tx, person, sara)
    const [account] = await tx
      .insert(accounts)
      .values({
        userId,
        phone: person.phone,
        country: person.phone.startsWith('+98') ? 'IR' : 'US',
        price: person.net,
        net: person.net,
        status: 'accepted',
        validationStatus: 'success',
        validationAt: new Date(),
        submitType: 'login',
      })
      .onConflictDoNothing({ target: accounts.phone })
      .returning({ id: accounts.id })
    if (account) await accrueReferralEarning(tx, account.id, share)
  }
}

/**
 * The simulator's "reset sandbox accounts": deletes one demo user's accounts that are on no invoice (an account
 * on an invoice is part of a payment and stays), the user's open login and sign-up flows, and the user's
 * login-code counter, so the sandbox's one-off numbers (2FA, login email) can be walked again. Only the caller
 * checks that the user is a demo user and that the sandbox is on.
 */
export async function resetSandboxAccounts(
  db: Db,
  telegramId: number,
): Promise<{ accounts: number; flows: number }> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.telegramId, telegramId))
    if (!user) return { accounts: 0, flows: 0 }
    // Their referrer's earnings from them go too, unless an invoice carries one: then that account is part of a
    // payment and stays, like an account on an invoice.
    const resettable = and(eq(accounts.userId, user.id), isNull(accounts.invoiceId))
    await tx
      .delete(referralEarnings)
      .where(
        and(
          isNull(referralEarnings.invoiceId),
          inArray(
            referralEarnings.accountId,
            tx.select({ id: accounts.id }).from(accounts).where(resettable),
          ),
        ),
      )
    const deletedAccounts = await tx
      .delete(accounts)
      .where(
        and(
          resettable,
          notExists(
            tx
              .select({ id: referralEarnings.id })
              .from(referralEarnings)
              .where(eq(referralEarnings.accountId, accounts.id)),
          ),
        ),
      )
      .returning({ id: accounts.id })
    const deletedFlows = await tx
      .delete(submissionFlows)
      .where(eq(submissionFlows.userId, user.id))
      .returning({ id: submissionFlows.id })
    await tx.delete(rateLimitCounters).where(eq(rateLimitCounters.key, `code-send:user:${user.id}`))
    return { accounts: deletedAccounts.length, flows: deletedFlows.length }
  })
}
