/**
 * Double taps and retries at scale: 50 concurrent invoice requests of one user make one invoice, and 50
 * concurrent payment requests on one invoice make one transaction. On PostgreSQL the requests really
 * run in parallel (a pool of connections); on PGlite they queue on its single connection, which this
 * proves is serialized correctly too.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newUser, userIdOf } from '../helpers/accounts.ts'
import { json, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { acceptedAccounts, openPayments, opsOf, opsOk, VALID } from '../helpers/payments.ts'

const CONCURRENT = 50
const OTHER_TRON = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL'

describe.each(DATABASE_KINDS)('concurrent withdrawals on %s', (kind) => {
  const t = useTestApp(kind)
  const ops = () => opsOf(t.app)

  async function userWith(nets: bigint[]) {
    const u = await newUser(t.app)
    const userId = await userIdOf(t.database.db, u.telegramId)
    await acceptedAccounts(t.database.db, userId, nets)
    return { ...u, userId }
  }
  const count = async (query: ReturnType<typeof sql>) =>
    Number(((await t.database.db.execute(query)) as { rows: { n: string | number }[] }).rows[0]?.n)

  it(`${CONCURRENT} concurrent invoice requests of one user make exactly one invoice`, async () => {
    await openPayments(ops())
    const u = await userWith([1_000_000n, 2_000_000n, 3_500_000n])
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, () => u.post('/invoices/request-invoice')),
    )
    const created = answers.filter((a) => a.statusCode === 201)
    expect(created).toHaveLength(1)
    // Every other request found nothing left to invoice.
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(400)
      expect(json(answer)).toMatchObject({ code: 'BALANCE_LOW_ERROR', details: { balance: 0 } })
    }
    expect(await count(sql`select count(*) as n from invoices where user_id = ${u.userId}`)).toBe(1)
    const { uid } = json<{ uid: string }>(created[0] as (typeof answers)[number])
    expect(json<{ amount: number }>(await u.get(`/invoices/${uid}`)).amount).toBe(6.5)
    expect(json<{ total: number }>(await u.get(`/invoices/${uid}/accounts`)).total).toBe(3)
    expect((await opsOk<{ problems: string[] }>(ops(), 'GET', '/ops/ledger')).problems).toEqual([])
  })

  it(`${CONCURRENT} concurrent identical payment requests make one transaction; every answer names it`, async () => {
    await openPayments(ops())
    const u = await userWith([4_000_000n])
    const { uid } = json<{ uid: string }>(await u.post('/invoices/request-invoice'))
    await opsOk(ops(), 'POST', `/ops/invoices/${uid}/confirm`)
    const body = { receiverAddress: VALID.bsc, network: 'BSC', token: 'USDT' }
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, () => u.post(`/invoices/${uid}/request-payment-crypto`, body)),
    )
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1)
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(CONCURRENT - 1)
    expect(new Set(answers.map((a) => json<{ uid: string }>(a).uid)).size).toBe(1)
    expect(
      await count(
        sql`select count(*) as n from transactions t join invoices i on i.id = t.invoice_id where i.uid = ${uid}`,
      ),
    ).toBe(1)
  })

  it(`${CONCURRENT} concurrent different payment requests on one invoice open exactly one transaction`, async () => {
    await openPayments(ops())
    const u = await userWith([5_000_000n])
    const { uid } = json<{ uid: string }>(await u.post('/invoices/request-invoice'))
    await opsOk(ops(), 'POST', `/ops/invoices/${uid}/confirm`)
    const requests = [
      () =>
        u.post(`/invoices/${uid}/request-payment-crypto`, {
          receiverAddress: VALID.bsc,
          network: 'BSC',
          token: 'USDT',
        }),
      () => u.post(`/invoices/${uid}/request-payment`, { receiverAddress: VALID.tron, currency: 'trx' }),
      () => u.post(`/invoices/${uid}/request-payment`, { receiverAddress: OTHER_TRON, currency: 'trx' }),
      () =>
        u.post(`/invoices/${uid}/request-payment-irt`, {
          bankCardCreate: { name: 'Sara', family: 'Ahmadi', number: VALID.card, iban: VALID.iban },
          currency: 'irt',
        }),
    ]
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        (requests[i % requests.length] as () => ReturnType<typeof u.post>)(),
      ),
    )
    const created = answers.filter((a) => a.statusCode === 201)
    expect(created).toHaveLength(1)
    const winner = json<{ uid: string }>(created[0] as (typeof answers)[number]).uid
    for (const answer of answers) {
      // The same request as the winner's is answered with it; any other is refused.
      if (answer.statusCode === 200) expect(json<{ uid: string }>(answer).uid).toBe(winner)
      else if (answer.statusCode !== 201) {
        expect(answer.statusCode).toBe(409)
        expect(json(answer)).toMatchObject({ code: 'PAYMENT_REQUEST_UNAVAILABLE' })
      }
    }
    expect(
      await count(
        sql`select count(*) as n from transactions t join invoices i on i.id = t.invoice_id where i.uid = ${uid}`,
      ),
    ).toBe(1)
    expect((await opsOk<{ problems: string[] }>(ops(), 'GET', '/ops/ledger')).problems).toEqual([])
  })
})
