import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { exchangeRates, orders, referralLinks, users } from '../../db/schema.ts'
import { ensureSettings } from '../settings/service.ts'
import {
  DEMO_INVITE_CODE,
  DEMO_ORDERS,
  DEMO_RATES,
  DEMO_REFERRAL_CODE,
  DEMO_REFERRER,
  DEMO_SETTINGS,
} from './demo-data.ts'

/** Idempotent: safe on every start, and never overrides what an operator changed. */
export async function seedDemoData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(referralLinks).values({ code: DEMO_INVITE_CODE, userId: null }).onConflictDoNothing()
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
    await ensureSettings(tx, DEMO_SETTINGS)
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
