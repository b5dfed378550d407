/** `GET /ops/invoices` rows: whose invoice it is, how many accounts it pays and its referral earnings part. */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newUser, userIdOf } from '../helpers/accounts.ts'
import { json, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { acceptedAccounts, openPayments, opsOf, opsOk } from '../helpers/payments.ts'

type Row = {
  uid: string
  amount: string
  telegramId: number | null
  firstName: string
  accountCount: number
  referralEarnings: string
}

describe.each(DATABASE_KINDS)('the operators’ invoice queue on %s', (kind) => {
  const t = useTestApp(kind)

  it('shows the user, the account count and the referral earnings part of each invoice', async () => {
    const ops = opsOf(t.app)
    await openPayments(ops)
    const db = t.database.db
    // A referred user's accepted account earns their referrer 0.25 USDT, which goes on the referrer's invoice.
    const referrer = await newUser(t.app)
    const referrerId = await userIdOf(db, referrer.telegramId)
    const referred = await newUser(t.app)
    const [referredAccount] = await acceptedAccounts(db, await userIdOf(db, referred.telegramId), [
      1_000_000n,
    ])
    await db.execute(sql`
      insert into referral_earnings (account_id, referrer_user_id, amount, share_basis_points)
      select id, ${referrerId}, 250000, 2500 from accounts where uid = ${referredAccount}`)
    await acceptedAccounts(db, referrerId, [1_500_000n, 2_000_000n])
    const created = await referrer.post('/invoices/request-invoice')
    expect(created.statusCode, created.body).toBe(201)
    const { uid } = json<{ uid: string }>(created)

    const rows = (await opsOk<{ items: Row[] }>(ops, 'GET', '/ops/invoices?status=pending')).items
    expect(rows.find((row) => row.uid === uid)).toEqual(
      expect.objectContaining({
        amount: '3.75',
        telegramId: referrer.telegramId,
        accountCount: 2,
        referralEarnings: '0.25',
      }),
    )
    // The answer to a move keeps its shape.
    const confirmed = await opsOk<Record<string, unknown>>(ops, 'POST', `/ops/invoices/${uid}/confirm`)
    expect(confirmed).toMatchObject({ uid, confirmationStatus: 'confirmed' })
    expect(confirmed).not.toHaveProperty('accountCount')
  })
})
