/**
 * Exchange rates under four eyes (issue 37, N3; docs/transactions.md, 'Exchange rates'), on every database: each pair's
 * rate stays within its bounds (settings), a change beyond the step from the rate in force is proposed by one named
 * admin and applied only on another's approval, audited; and a payout is judged (four eyes, the largest payout) by
 * what leaves in its own currency, converted to USDT at the lowest rate of the day before its request, so a rate
 * that moved cannot shrink it.
 */
import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { RATE_PROPOSAL_HOURS } from '#modules/rates/service.ts'
import { newUser, userIdOf } from '../helpers/accounts.ts'
import { json, testConfig, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { operatorsOf, testClock } from '../helpers/operators.ts'
import { acceptedAccounts, opsOf, opsOk, VALID } from '../helpers/payments.ts'

const DAY = 24 * 60 * 60

describe.each(DATABASE_KINDS)('exchange rates on %s', (kind) => {
  const clock = testClock()
  const t = useTestApp(kind, {
    deps: { now: clock.now },
    // Users sign up after the clock has moved days ahead of their init data's real time.
    config: { authMaxAgeSeconds: 10 * 365 * DAY },
  })
  const { asAdmin, withToken, enrol, issueToken } = operatorsOf(() => t.app, clock, `rates-${kind}`)

  /** A named admin past the signing delay (the caller ticks the clock), calling with its API token. */
  async function admin() {
    const enrolment = await enrol('admin')
    return { login: enrolment.operator.login, call: withToken(await issueToken(enrolment.operator.login)) }
  }
  const rateNow = async (pair: string) =>
    json<{ price: string }[]>(await asAdmin('GET', `/ops/rates/${pair}?limit=1`))[0]?.price
  const auditOf = async (pair: string) =>
    (
      (await t.database.db.execute(
        sql`select actor, action, after from audit_log where object_type = 'rate' and object_id = ${pair} order by id`,
      )) as { rows: { actor: string; action: string; after: Record<string, unknown> }[] }
    ).rows

  /** A confirmed invoice of `usdt` of a new user, and the user. */
  async function confirmedInvoice(usdt: number) {
    const u = await newUser(t.app)
    await acceptedAccounts(t.database.db, await userIdOf(t.database.db, u.telegramId), [
      BigInt(Math.round(usdt * 1_000_000)),
    ])
    const { uid } = json<{ uid: string }>(await u.post('/invoices/request-invoice'))
    await opsOk(opsOf(t.app), 'POST', `/ops/invoices/${uid}/confirm`)
    return { u, uid }
  }
  const requestTrx = (invoice: { u: Awaited<ReturnType<typeof newUser>>; uid: string }) =>
    invoice.u.post(`/invoices/${invoice.uid}/request-payment`, {
      receiverAddress: VALID.tron,
      currency: 'trx',
    })

  // Payments open; each test starts a day later with USDTTRX at 3.5 and USDTIRT at 98500, nothing waiting.
  beforeEach(async () => {
    clock.tick(DAY + 60)
    for (const [key, value] of Object.entries({
      payment_open: true,
      toman_payment_open: true,
      min_payment_limit: '1',
      max_payment_limit: '1000',
      invoice_delay_seconds: '0',
      payout_approval_above: '0',
    }))
      await opsOk(opsOf(t.app), 'PUT', `/ops/settings/${key}`, { value })
    await t.database.db.execute(sql`delete from pending_rates`)
    await t.database.db.execute(sql`insert into exchange_rates (pair, price, created_at)
      values ('USDTTRX', 3500000, ${clock.now().toISOString()}), ('USDTIRT', 98500000000, ${clock.now().toISOString()})`)
  })

  it("the issue's attack: the toman figure sent as the TRX rate is refused by the pair's bounds", async () => {
    const sent = await asAdmin('PUT', '/ops/rates/USDTTRX', { price: '98500' })
    expect(sent.statusCode, sent.body).toBe(400)
    expect(json(sent)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message:
        'price: 98500 is outside the USDTTRX bounds, 1 to 100 (settings rate_usdttrx_min, rate_usdttrx_max)',
    })
    expect(await rateNow('USDTTRX')).toBe('3.5')
    // And the TRX figure as the toman rate.
    expect((await asAdmin('PUT', '/ops/rates/USDTIRT', { price: '3.5' })).statusCode).toBe(400)
    expect(await rateNow('USDTIRT')).toBe('98500')
  })

  it('a change beyond the step is proposed by one named admin and applied on another’s approval, audited', async () => {
    const alice = await admin()
    const bob = await admin()
    clock.tick(DAY)
    // Within 20 % of the rate in force: at once, by anyone who may set rates.
    expect(json(await asAdmin('PUT', '/ops/rates/USDTTRX', { price: '4' }))).toMatchObject({ price: '4' })

    const proposed = await alice.call('PUT', '/ops/rates/USDTTRX', { price: '5' })
    expect(proposed.statusCode, proposed.body).toBe(200)
    const pending = {
      pair: 'USDTTRX',
      price: '5',
      basePrice: '4',
      change: '+25.00%',
      proposedBy: alice.login,
      proposedAt: clock.now().toISOString(),
      expiresAt: new Date(clock.now().getTime() + RATE_PROPOSAL_HOURS * 3600_000).toISOString(),
    }
    expect(json(proposed)).toMatchObject({ pair: 'USDTTRX', price: '4', pending })
    expect(await rateNow('USDTTRX')).toBe('4')
    expect(json(await asAdmin('GET', '/ops/rates/pending'))).toEqual([pending])

    // Not the proposer, not the bootstrap token, and only the very price proposed.
    for (const [who, body] of [
      [alice.call, { price: '5' }],
      [asAdmin, { price: '5' }],
      [bob.call, { price: '50' }],
    ] as const) {
      const refused = await who('POST', '/ops/rates/USDTTRX/approve', body)
      expect(refused.statusCode, refused.body).toBe(409)
      expect(json(refused)).toMatchObject({ code: 'INVALID_STATE' })
    }
    expect(await rateNow('USDTTRX')).toBe('4')
    const approved = await bob.call('POST', '/ops/rates/USDTTRX/approve', { price: '5' })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(json(approved)).toEqual({ pair: 'USDTTRX', price: '5', setAt: clock.now().toISOString() })
    expect(await rateNow('USDTTRX')).toBe('5')
    expect(json(await asAdmin('GET', '/ops/rates/pending'))).toEqual([])
    expect((await auditOf('USDTTRX')).map((row) => [row.actor, row.action])).toEqual([
      ['bootstrap', 'rate.set'],
      [alice.login, 'rate.set'],
      [bob.login, 'rate.approve'],
    ])

    // The bootstrap token proposes nothing beyond the step; a proposal can be withdrawn.
    const bootstrap = await asAdmin('PUT', '/ops/rates/USDTTRX', { price: '2' })
    expect(bootstrap.statusCode, bootstrap.body).toBe(409)
    expect(json(bootstrap).message).toMatch(/named/)
    expect((await bob.call('PUT', '/ops/rates/USDTTRX', { price: '2' })).statusCode).toBe(200)
    const withdrawn = await alice.call('DELETE', '/ops/rates/USDTTRX/pending')
    expect(withdrawn.statusCode, withdrawn.body).toBe(200)
    expect(json(await asAdmin('GET', '/ops/rates/pending'))).toEqual([])
    expect((await alice.call('POST', '/ops/rates/USDTTRX/approve', { price: '2' })).statusCode).toBe(409)
  })

  it('an approval is refused once the rate it was proposed against changed', async () => {
    const alice = await admin()
    const bob = await admin()
    clock.tick(DAY)
    expect((await alice.call('PUT', '/ops/rates/USDTIRT', { price: '150000' })).statusCode).toBe(200)
    expect((await asAdmin('PUT', '/ops/rates/USDTIRT', { price: '100000' })).statusCode).toBe(200)
    // A rate set at once supersedes the waiting proposal.
    expect(json(await asAdmin('GET', '/ops/rates/pending'))).toEqual([])
    const late = await bob.call('POST', '/ops/rates/USDTIRT/approve', { price: '150000' })
    expect(late.statusCode, late.body).toBe(409)
    expect(await rateNow('USDTIRT')).toBe('100000')
  })

  it('a change left unapproved for a day lapses: its approval is refused, a new proposal may be approved', async () => {
    const alice = await admin()
    const bob = await admin()
    clock.tick(DAY)
    expect((await alice.call('PUT', '/ops/rates/USDTTRX', { price: '5' })).statusCode).toBe(200)
    clock.tick(RATE_PROPOSAL_HOURS * 3600)
    const late = await bob.call('POST', '/ops/rates/USDTTRX/approve', { price: '5' })
    expect(late.statusCode, late.body).toBe(409)
    expect(json(late).message).toMatch(/lapsed at .* \(a change waits 24 hours\): propose it again/)
    expect(await rateNow('USDTTRX')).toBe('3.5')
    // Proposed again, it is approved within its day.
    expect((await alice.call('PUT', '/ops/rates/USDTTRX', { price: '5' })).statusCode).toBe(200)
    clock.tick(RATE_PROPOSAL_HOURS * 3600 - 1)
    const inTime = await bob.call('POST', '/ops/rates/USDTTRX/approve', { price: '5' })
    expect(inTime.statusCode, inTime.body).toBe(200)
    expect(await rateNow('USDTTRX')).toBe('5')
  })

  it('bounds and the step are settings: widening them waits a day, narrowing is at once', async () => {
    const widened = await asAdmin('PUT', '/ops/settings/rate_usdttrx_max', { value: '100000' })
    expect(widened.statusCode, widened.body).toBe(200)
    expect(json(widened)).toMatchObject({ value: '100', pending: { value: '100000' } })
    const step = await asAdmin('PUT', '/ops/settings/rate_step_percent', { value: '90' })
    expect(json(step)).toMatchObject({ value: '20', pending: { value: '90' } })
    expect((await asAdmin('PUT', '/ops/rates/USDTTRX', { price: '98500' })).statusCode).toBe(400)
    const narrowed = await asAdmin('PUT', '/ops/settings/rate_usdttrx_max', { value: '10' })
    expect(json(narrowed)).toEqual({ key: 'rate_usdttrx_max', value: '10' })
    const crossed = await asAdmin('PUT', '/ops/settings/rate_usdttrx_min', { value: '20' })
    expect(crossed.statusCode).toBe(400)
  })

  it('a payout is judged by what leaves at the lowest rate of the day before it: four eyes above the amount', async () => {
    await opsOk(opsOf(t.app), 'PUT', '/ops/settings/payout_approval_above', { value: '10' })
    // The rate creeps up within the step, twice: 3.5 -> 4.1 -> 4.9 TRX per USDT.
    for (const price of ['4.1', '4.9'])
      expect((await asAdmin('PUT', '/ops/rates/USDTTRX', { price })).statusCode).toBe(200)
    // 9 USDT leave as 44.1 TRX: 12.6 USDT at the day's lowest rate, above the approval amount.
    const payout = json<{ uid: string; net: number }>(await requestTrx(await confirmedInvoice(9)))
    expect(payout.net).toBe(44.1)
    const sent = await asAdmin('POST', `/ops/transactions/${payout.uid}/broadcast`)
    expect(sent.statusCode, sent.body).toBe(409)
    expect(json(sent).message).toMatch(/12\.6 USDT.*above the approval amount/)
    const listed = json<{ items: { uid: string; valueUsdt: string; fourEyes: { required: boolean } }[] }>(
      await asAdmin('GET', '/ops/transactions?status=pending&limit=100'),
    ).items.find((item) => item.uid === payout.uid)
    expect(listed).toMatchObject({ valueUsdt: '12.6', fourEyes: { required: true } })

    // A day on, 4.9 is the lowest: the same invoice amount is judged at what it is.
    clock.tick(DAY + 1)
    const later = json<{ uid: string }>(await requestTrx(await confirmedInvoice(9)))
    expect((await asAdmin('POST', `/ops/transactions/${later.uid}/broadcast`)).statusCode).toBe(200)
  })

  it('a payout worth more than the largest payout at the day’s lowest rate is refused; in USDT it is not', async () => {
    for (const price of ['4.1', '4.9'])
      expect((await asAdmin('PUT', '/ops/rates/USDTTRX', { price })).statusCode).toBe(200)
    // 800 USDT as 3920 TRX: 1120 USDT at 3.5, above max_payment_limit (1000).
    const invoice = await confirmedInvoice(800)
    const refused = await requestTrx(invoice)
    expect(refused.statusCode, refused.body).toBe(409)
    expect(json(refused)).toMatchObject({ code: 'PAYMENT_REQUEST_UNAVAILABLE' })
    const inUsdt = await invoice.u.post(`/invoices/${invoice.uid}/request-payment-crypto`, {
      receiverAddress: VALID.bsc,
      network: 'BSC',
      token: 'USDT',
    })
    expect(inUsdt.statusCode, inUsdt.body).toBe(201)
  })

  it('a rate outside its bounds (narrowed since it was set) pays nothing out', async () => {
    expect((await asAdmin('PUT', '/ops/settings/rate_usdttrx_min', { value: '4' })).statusCode).toBe(200)
    const refused = await requestTrx(await confirmedInvoice(5))
    expect(refused.statusCode, refused.body).toBe(409)
    expect(json(refused)).toMatchObject({ code: 'EXCHANGE_RATE_UNAVAILABLE' })
    expect(json(refused).message).toMatch(/outside its bounds/)
    await opsOk(opsOf(t.app), 'PUT', '/ops/settings/rate_usdttrx_min', { value: '1' })
  })
})

describe('the window of the judged value', () => {
  it('is FOUR_EYES_DELAY_SECONDS', () => {
    expect(testConfig().operators.fourEyesDelaySeconds).toBe(DAY)
  })
})
