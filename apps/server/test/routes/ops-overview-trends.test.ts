/**
 * The overview in time (issue 20, item 9) on both databases: 30 days of accounts submitted, accepted and rejected by
 * reason, payouts by currency and the owed balance at each day's end (GET /ops/overview/trends), and when the oldest
 * item of each queue came in (GET /ops/overview's oldestSince). The service's clock is in 2030, so the demo's rows
 * (made at the real time) fall outside the 30 days; the queues' oldest items are made in 2020, before the demo's.
 */
import type { Overview, Trends } from '@app/contract/ops'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { userIdOf } from '../helpers/accounts.ts'
import { authorize, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { freshTelegramUser } from '../helpers/init-data.ts'
import { opsOf, opsOk } from '../helpers/payments.ts'

const NOW = new Date('2030-06-15T12:00:00Z')

describe.each(DATABASE_KINDS)('overview trends on %s', (kind) => {
  // Init data signed at the real time is years old by the service's clock.
  const t = useTestApp(kind, { config: { authMaxAgeSeconds: 10 * 365 * 86_400 }, deps: { now: () => NOW } })
  const ops = () => opsOf(t.app)

  it('counts each day of the 30: submitted, accepted, rejected by reason, payouts by currency, the owed balance', async () => {
    const tg = freshTelegramUser({ first_name: 'Trend' })
    await authorize(t.app, tg)
    const userId = await userIdOf(t.database.db, tg.id)
    const db = t.database.db
    let phone = 0
    const account = (
      created: string,
      status: string,
      decided: string | null,
      net: number,
      checks = sql``,
    ) => {
      phone += 1
      return db.execute(sql`insert into accounts (user_id, phone, country, price, net, submit_type, status,
          validation_status, validation_at, created_at ${checks.queryChunks.length > 0 ? sql`, check_2fa, check_connection` : sql``})
        values (${userId}, ${`+1666000${String(phone).padStart(4, '0')}`}, 'US', ${net}, ${net}, 'login', ${status},
          'success', ${decided}::timestamptz, ${created}::timestamptz ${checks})`)
    }
    // Submitted on June 13 and 14 (two each), decided on the 14th and 15th; one made 40 days ago (outside).
    await account('2030-06-13T08:00:00Z', 'accepted', '2030-06-14T09:00:00Z', 2_000_000)
    await account('2030-06-13T09:00:00Z', 'accepted', '2030-06-15T09:00:00Z', 3_500_000)
    await account('2030-06-14T10:00:00Z', 'rejected', '2030-06-14T11:00:00Z', 1_000_000, sql`, false, true`)
    await account('2030-06-14T10:30:00Z', 'rejected', '2030-06-15T11:00:00Z', 1_000_000, sql`, true, false`)
    await account('2030-05-06T10:00:00Z', 'accepted', '2030-05-06T11:00:00Z', 7_000_000)
    // A toman payout of 2 USDT paid on the 15th, on an invoice of the accepted account's net.
    const [invoice] = (
      (await db.execute(sql`insert into invoices (user_id, amount, confirmation_status, payment_status, created_at)
        values (${userId}, 2000000, 'confirmed', 'success', '2030-06-14T12:00:00Z') returning id`)) as {
        rows: { id: number }[]
      }
    ).rows
    await db.execute(sql`insert into transactions (invoice_id, user_id, currency, status, amount, user_fee, rate, net,
        value_usdt, receiver_address, txid, paid_at, created_at)
      values (${invoice?.id}, ${userId}, 'irt', 'success', 2000000, 0, 98500000000, 197000, 2000000, 'IR910550012340000000123456',
        'bank-1', '2030-06-15T10:00:00Z', '2030-06-14T13:00:00Z')`)

    const trends = await opsOk<Trends>(ops(), 'GET', '/ops/overview/trends')
    expect(trends.days).toHaveLength(30)
    expect([trends.days[0], trends.days[29]]).toEqual(['2030-05-17', '2030-06-15'])
    const last3 = (values: readonly (number | string)[]) => values.slice(27)
    expect(last3(trends.submitted)).toEqual([2, 2, 0])
    expect(last3(trends.accepted)).toEqual([0, 1, 1])
    expect(trends.rejected.map((r) => [r.reason, last3(r.counts)])).toEqual([
      ['twoFa', [0, 1, 0]],
      ['connection', [0, 0, 1]],
    ])
    expect(trends.payouts).toEqual([expect.objectContaining({ currency: 'irt' })])
    expect(last3(trends.payouts[0]?.count ?? [])).toEqual([0, 0, 1])
    expect(last3(trends.payouts[0]?.amount ?? [])).toEqual(['0', '0', '2'])
    expect(last3(trends.payouts[0]?.paid ?? [])).toEqual(['0', '0', '197000'])
    // Owed now is the overview's; the 14th ended 3.5 - 2 = 1.5 USDT lower, the 13th another 2 lower.
    const overview = await opsOk<Overview>(ops(), 'GET', '/ops/overview')
    const owed = (day: number) => Number(trends.owed[day])
    expect(trends.owed[29]).toBe(overview.owed)
    expect(owed(29) - owed(28)).toBeCloseTo(1.5, 6)
    expect(owed(28) - owed(27)).toBeCloseTo(2, 6)
    expect(owed(27)).toBe(owed(0))
  })

  it('says when the oldest item of each queue came in; an empty queue says null', async () => {
    const tg = freshTelegramUser({ first_name: 'Queue' })
    await authorize(t.app, tg)
    const userId = await userIdOf(t.database.db, tg.id)
    const db = t.database.db
    await db.execute(sql`insert into accounts (user_id, phone, country, price, net, submit_type, status, created_at)
      values (${userId}, '+16660009901', 'US', 1, 1, 'login', 'pending', '2020-01-02T03:04:05Z')`)
    const [invoice] = (
      (await db.execute(sql`insert into invoices (user_id, amount, created_at)
        values (${userId}, 1, '2020-01-03T00:00:00Z') returning id`)) as { rows: { id: number }[] }
    ).rows
    await db.execute(sql`insert into transactions (invoice_id, user_id, currency, status, amount, user_fee, rate, net,
        value_usdt, receiver_address, created_at)
      values (${invoice?.id}, ${userId}, 'trx', 'review', 1, 0, 1, 1, 1, 'T', '2020-01-04T00:00:00Z')`)
    await db.execute(sql`insert into bot_outbox (chat_id, kind, status, created_at)
      values (1, 'test', 'pending', '2020-01-05T00:00:00Z')`)
    const { oldestSince } = await opsOk<Overview>(ops(), 'GET', '/ops/overview')
    expect(oldestSince).toMatchObject({
      accountsAwaitingValidation: '2020-01-02T03:04:05.000Z',
      invoicesAwaitingConfirmation: '2020-01-03T00:00:00.000Z',
      payoutsInReview: '2020-01-04T00:00:00.000Z',
      payoutsBroadcasting: null,
      botOutbox: '2020-01-05T00:00:00.000Z',
    })
  })
})
