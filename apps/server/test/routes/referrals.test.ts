/**
 * Referrals over HTTP on every database: the live link (made on first use, replaced by refresh, one live code under
 * concurrent refreshes), the gate with live, revoked and non-referrer codes, operators' user flags and settings,
 * and referral earnings as money: accrual once at acceptance, removal on an operator's rejection, invoices that carry
 * them, payment, and the ledger after each story (docs/referrals.md).
 */
import {
  type Dashboard,
  InvoiceDetailSchema,
  ReferralEarningsStatsSchema,
  ReferralStatsSchema,
  RefreshReferralLinkResponseSchema,
} from '@app/contract'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DEMO_INVITE_CODE, DEMO_REFERRAL_CODE, DEMO_USERS } from '#dev/demo/demo-data.ts'
import { referralLinkOf } from '#modules/referrals/service.ts'
import { formatBasisPoints } from '#modules/settings/settings-definitions.ts'
import { createValidationService } from '#modules/validation/service.ts'
import { createSandboxProvider } from '#providers/sandbox/sandbox-provider.ts'
import { bearer, json, TEST_OPS_TOKEN, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { freshTelegramUser, signInitData } from '../helpers/init-data.ts'
import { openPayments, opsOf, opsOk, VALID } from '../helpers/payments.ts'
import {
  earningsOf,
  patchUser,
  pendingAccount,
  referralStats,
  setAccountStatus,
  showUser,
  type TestUser,
  userThrough,
} from '../helpers/referrals.ts'

const usdt = (n: number) => BigInt(Math.round(n * 1_000_000))

describe('referral link', () => {
  it('is the bot deep link, or the mini-app short-name form when one is configured', () => {
    expect(referralLinkOf('AB23CD45EF', { botUsername: 'SupplyBot', miniAppShortName: undefined })).toEqual({
      link: 'https://t.me/SupplyBot?startapp=AB23CD45EF',
      code: 'AB23CD45EF',
    })
    expect(referralLinkOf('AB23CD45EF', { botUsername: 'SupplyBot', miniAppShortName: 'app' }).link).toBe(
      'https://t.me/SupplyBot/app?startapp=AB23CD45EF',
    )
  })

  it('shows a share in basis points as the operator typed it', () => {
    expect([1000, 1050, 1234, 5, 0, 10_000].map(formatBasisPoints)).toEqual([
      '10',
      '10.5',
      '12.34',
      '0.05',
      '0',
      '100',
    ])
  })
})

describe.each(DATABASE_KINDS)('referrals on %s', (kind) => {
  const t = useTestApp(kind)
  const ops = () => opsOf(t.app)
  const db = () => t.database.db
  const newcomer = (code: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/telegram/authorize',
      payload: {
        initData: signInitData({ user: freshTelegramUser(), ...(code ? { startParam: code } : {}) }),
      },
    })
  const liveCodes = async (userId: number) =>
    (
      (await db().execute(
        sql`select code from referral_links where user_id = ${userId} and revoked_at is null`,
      )) as { rows: { code: string }[] }
    ).rows.map((r) => r.code)
  const ledgerProblems = async () =>
    (await opsOk<{ problems: string[] }>(ops(), 'GET', '/ops/ledger')).problems

  it('gives a referrer a live link on first use, counts who joined, and revoke stops the old code at once', async () => {
    const a = await userThrough(t.app, db(), DEMO_REFERRAL_CODE)
    const first = ReferralStatsSchema.parse(await referralStats(a))
    expect(first.referralCount).toBe(0)
    expect(first.referralLink.code).toMatch(/^[A-HJKMNP-Z2-9]{10}$/)
    expect(first.referralLink.link).toBe(
      `https://t.me/AccountSupplyDemoBot?startapp=${first.referralLink.code}`,
    )
    expect((await referralStats(a)).referralLink).toEqual(first.referralLink)

    const b = await userThrough(t.app, db(), first.referralLink.code)
    expect((await showUser(t.app, b.telegramId)).referrerTelegramId).toBe(a.telegramId)
    expect((await referralStats(a)).referralCount).toBe(1)

    const refreshed = await a.post('/referral-links/refresh')
    expect(refreshed.statusCode, refreshed.body).toBe(200)
    const next = RefreshReferralLinkResponseSchema.parse(json(refreshed)).referralLink
    expect(next.code).not.toBe(first.referralLink.code)
    expect((await referralStats(a)).referralLink).toEqual(next)

    const refused = await newcomer(first.referralLink.code)
    expect(refused.statusCode).toBe(406)
    expect(json(refused)).toMatchObject({ code: 'REFERRAL_REQUIRED' })
    await userThrough(t.app, db(), next.code)
    // Revoked codes still count the people who joined through them.
    expect((await referralStats(a)).referralCount).toBe(2)
    // Operator invites keep working.
    expect((await newcomer(DEMO_INVITE_CODE)).statusCode).toBe(200)

    // A code never admits an existing user a second time: B signs in with someone else's code, referrer unchanged.
    const c = await userThrough(t.app, db(), DEMO_REFERRAL_CODE)
    const cCode = (await referralStats(c)).referralLink.code
    await userThrough(t.app, db(), cCode)
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/telegram/authorize',
      payload: {
        initData: signInitData({
          user: freshTelegramUser({ id: b.telegramId }),
          startParam: cCode,
        }),
      },
    })
    expect(again.statusCode).toBe(200)
    expect((await showUser(t.app, b.telegramId)).referrerTelegramId).toBe(a.telegramId)
    expect((await referralStats(c)).referralCount).toBe(1)
  })

  it('seeds a demo user who refers: three people joined, 0.65 USDT earned and on her balance', async () => {
    const sara = DEMO_USERS[0]
    if (!sara) throw new Error('no demo user')
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/telegram/authorize',
      payload: {
        initData: signInitData({
          user: freshTelegramUser({ id: sara.telegramId, first_name: sara.firstName }),
          startParam: DEMO_REFERRAL_CODE,
        }),
      },
    })
    expect(response.statusCode).toBe(200)
    const headers = { authorization: `Bearer ${json<{ accessToken: string }>(response).accessToken}` }
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers })
    expect(json<{ referralCount: number }>(await get('/referrals/stats')).referralCount).toBe(3)
    expect(json(await get('/referral-earnings/stats'))).toEqual({ totalAmount: 0.65, paidAmount: 0 })
    expect(json<Dashboard>(await get('/dashboard')).invoice.paymentAvailable).toBeGreaterThanOrEqual(0.65)
    expect(await ledgerProblems()).toEqual([])
  })

  it('leaves exactly one live code after concurrent refreshes', async () => {
    const a = await userThrough(t.app, db(), DEMO_REFERRAL_CODE)
    await referralStats(a)
    const answers = await Promise.all(Array.from({ length: 6 }, () => a.post('/referral-links/refresh')))
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200])
    const codes = answers.map((r) => RefreshReferralLinkResponseSchema.parse(json(r)).referralLink.code)
    expect(new Set(codes).size).toBe(6)
    const live = await liveCodes(a.userId)
    expect(live).toHaveLength(1)
    expect(codes).toContain(live[0])
    expect((await referralStats(a)).referralLink.code).toBe(live[0])
    // The database itself refuses a second live code of one user.
    await expect(
      db().execute(sql`insert into referral_links (code, user_id) values ('SECONDLIVE', ${a.userId})`),
    ).rejects.toThrow()
  })

  it('never admits through a code after its revoke committed, with a sign-in racing the revoke', async () => {
    // Commit order, read from the database: the transaction that inserted the user (xmin of its row) against the
    // one that revoked the code (xmin of the revoked link's row). Each takes its transaction id at its first lock
    // of the referrer's row (the sign-in 'for share', the revoke 'for update'), which the other waits for, so the
    // smaller id committed first. Before the fix a sign-in could check the code, let the revoke commit, then
    // insert: on PostgreSQL this test caught it by the third round in seven runs out of seven. On PGlite it passed
    // before the fix too (one statement at a time, and the check and the insert ran within one turn of the event
    // loop); there the transaction makes it hold by construction.
    const order = async (referrerId: number) =>
      (
        (await db().execute(sql`
          select u.xmin::text::bigint as joined, l.xmin::text::bigint as revoked
          from users u join referral_links l on l.id = u.referral_link_id
          where u.referrer_user_id = ${referrerId} and l.revoked_at is not null`)) as {
          rows: { joined: string; revoked: string }[]
        }
      ).rows
    const ticks = async (n: number) => {
      for (let tick = 0; tick < n; tick++) await new Promise((resolve) => setImmediate(resolve))
    }
    // Who starts first, and by how many turns of the event loop, changes each round.
    const offsets = [0, 1, 2, 3, -1, -2]
    for (const offset of offsets) {
      const a = await userThrough(t.app, db(), DEMO_REFERRAL_CODE)
      const { code } = (await referralStats(a)).referralLink
      const [revoke, signIn] = await Promise.all([
        ticks(Math.max(0, -offset)).then(() => a.post('/referral-links/refresh')),
        ticks(Math.max(0, offset)).then(() => newcomer(code)),
      ])
      expect(revoke.statusCode).toBe(200)
      expect([200, 406]).toContain(signIn.statusCode)
      const joined = await order(a.userId)
      expect(joined).toHaveLength(signIn.statusCode === 200 ? 1 : 0)
      for (const row of joined) expect(BigInt(row.joined)).toBeLessThan(BigInt(row.revoked))
      expect((await newcomer(code)).statusCode).toBe(406)
    }
  })

  it('lets operators decide who may refer: 403 without canReferrer, and the code stops admitting', async () => {
    const a = await userThrough(t.app, db(), DEMO_REFERRAL_CODE)
    const { code } = (await referralStats(a)).referralLink
    const off = await patchUser(t.app, a.telegramId, { canReferrer: false })
    expect(off.statusCode, off.body).toBe(200)
    expect(json(off)).toMatchObject({ telegramId: a.telegramId, canReferrer: false, canAddAccount: true })

    for (const response of [await a.get('/referrals/stats'), await a.post('/referral-links/refresh')]) {
      expect(response.statusCode).toBe(403)
      expect(json(response)).toMatchObject({ code: 'REFERRAL_NOT_ALLOWED' })
    }
    expect((await newcomer(code)).statusCode).toBe(406)
    // Earnings stay readable: they are money the user has.
    expect(ReferralEarningsStatsSchema.parse(json(await a.get('/referral-earnings/stats')))).toEqual({
      totalAmount: 0,
      paidAmount: 0,
    })

    expect((await patchUser(t.app, a.telegramId, { canReferrer: true })).statusCode).toBe(200)
    expect((await newcomer(code)).statusCode).toBe(200)
    const dashboard = json<Dashboard>(await a.get('/dashboard'))
    expect(dashboard.referralsCount).toBe(1)

    const flags = await patchUser(t.app, a.telegramId, { canAddAccount: false, canRegisterAccount: false })
    expect(json(flags)).toMatchObject({ canReferrer: true, canAddAccount: false, canRegisterAccount: false })
    expect(json<Dashboard>(await a.get('/dashboard')).user).toMatchObject({
      canAddAccount: false,
      canRegisterAccount: false,
    })
  })

  it('gives new users the operators default flags', async () => {
    await opsOk(ops(), 'PUT', '/ops/settings/new_user_can_referrer', { value: false })
    await opsOk(ops(), 'PUT', '/ops/settings/new_user_can_register_account', { value: 'false' })
    try {
      const u = await userThrough(t.app, db(), DEMO_REFERRAL_CODE)
      expect(await showUser(t.app, u.telegramId)).toMatchObject({
        canReferrer: false,
        canAddAccount: true,
        canRegisterAccount: false,
      })
      expect((await u.get('/referrals/stats')).statusCode).toBe(403)
    } finally {
      await opsOk(ops(), 'PUT', '/ops/settings/new_user_can_referrer', { value: true })
      await opsOk(ops(), 'PUT', '/ops/settings/new_user_can_register_account', { value: true })
    }
  })

  it('answers bad bodies and ids with 4xx, and needs a token', async () => {
    for (const value of ['100.01', '-1', 'abc', '12.345', 101, null, true]) {
      const response = await ops()('PUT', '/ops/settings/referral_share_percent', { value })
      expect(response.statusCode, `${value}`).toBe(400)
    }
    expect(await opsOk(ops(), 'PUT', '/ops/settings/referral_share_percent', { value: '12.5' })).toEqual({
      key: 'referral_share_percent',
      value: '12.5',
    })
    await opsOk(ops(), 'PUT', '/ops/settings/referral_share_percent', { value: 10 })

    const a = await userThrough(t.app, db(), DEMO_REFERRAL_CODE)
    for (const [id, body, status] of [
      ['abc', { canReferrer: true }, 400],
      [a.telegramId, {}, 400],
      [a.telegramId, { canReferrer: 'yes' }, 400],
      [a.telegramId, { canReferrer: true, admin: true }, 400],
      [1, { canReferrer: true }, 404],
    ] as const) {
      const response = await patchUser(t.app, id, body)
      expect(response.statusCode, response.body).toBe(status)
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/ops/users/1', headers: { authorization: 'Bearer x' } }))
        .statusCode,
    ).toBe(401)
    for (const url of ['/referrals/stats', '/referral-earnings/stats']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401)
    }
    expect((await t.app.inject({ method: 'POST', url: '/referral-links/refresh' })).statusCode).toBe(401)
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/referral-links/refresh',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      payload: '{',
    })
    expect(badJson.statusCode).toBe(400)
  })

  it('accrues the share once per accepted account, floored, at the share in force, and never to the user', async () => {
    const a = await userThrough(t.app, db(), DEMO_REFERRAL_CODE)
    const b = await userThrough(t.app, db(), (await referralStats(a)).referralLink.code)
    await opsOk(ops(), 'PUT', '/ops/settings/referral_share_percent', { value: '12.5' })
    const first = await pendingAccount(db(), b.userId, 1_999_999n)
    expect((await setAccountStatus(t.app, first, 'accepted')).statusCode).toBe(200)
    expect((await setAccountStatus(t.app, first, 'accepted')).statusCode).toBe(200)
    await opsOk(ops(), 'PUT', '/ops/settings/referral_share_percent', { value: '10' })
    const second = await pendingAccount(db(), b.userId, 3_000_000n)
    expect((await setAccountStatus(t.app, second, 'accepted')).statusCode).toBe(200)

    // 1.999999 x 12.5 % = 0.249999875 -> 0.249999; 3 x 10 % = 0.3. Once each.
    expect(await earningsOf(db(), a.userId)).toEqual([
      { account: first, amount: 249_999n, share: 1250, invoice: null },
      { account: second, amount: 300_000n, share: 1000, invoice: null },
    ])
    expect(json(await a.get('/referral-earnings/stats'))).toEqual({ totalAmount: 0.55, paidAmount: 0 })
    expect(json<Dashboard>(await a.get('/dashboard')).invoice.paymentAvailable).toBe(0.55)
    // B's own balance is B's accounts only; B earned nothing and sees none of A's figures.
    expect(json<Dashboard>(await b.get('/dashboard')).invoice.paymentAvailable).toBe(5)
    expect(json(await b.get('/referral-earnings/stats'))).toEqual({ totalAmount: 0, paidAmount: 0 })
    expect(await ledgerProblems()).toEqual([])

    // An account of a user without a referrer (operator invite) earns nobody anything.
    const invited = await userThrough(t.app, db(), DEMO_INVITE_CODE)
    const own = await pendingAccount(db(), invited.userId, 5_000_000n)
    expect((await setAccountStatus(t.app, own, 'accepted')).statusCode).toBe(200)
    const row = (await db().execute(
      sql`select count(*)::int as n from referral_earnings e join accounts a on a.id = e.account_id where a.uid = ${own}`,
    )) as { rows: { n: number }[] }
    expect(row.rows[0]?.n).toBe(0)
  })

  it("a blocked referrer's code admits nobody and nothing accrues to them while the block lasts", async () => {
    const a = await userThrough(t.app, db(), DEMO_REFERRAL_CODE)
    const { code } = (await referralStats(a)).referralLink
    const b = await userThrough(t.app, db(), code)
    const before = await pendingAccount(db(), b.userId, 1_000_000n)
    expect((await setAccountStatus(t.app, before, 'accepted')).statusCode).toBe(200)
    const block = await opsOf(t.app)('POST', `/ops/users/${a.telegramId}/block`, {
      reason: 'self-referral ring',
    })
    expect(block.statusCode, block.body).toBe(200)

    const refused = await newcomer(code)
    expect(refused.statusCode, refused.body).toBe(406)
    expect(json(refused)).toMatchObject({ code: 'REFERRAL_REQUIRED' })
    // Accepted while A is blocked, by an operator and by the validation engine: A's share is forfeit, for good.
    const during = await pendingAccount(db(), b.userId, 2_000_000n)
    expect((await setAccountStatus(t.app, during, 'accepted')).statusCode).toBe(200)
    const validated = await pendingAccount(db(), b.userId, 3_000_000n)
    await db().execute(
      sql`update accounts set validation_at = now() - interval '1 minute' where uid = ${validated}`,
    )
    const validation = createValidationService({
      db: db(),
      now: () => new Date(),
      accountProvider: createSandboxProvider(),
    })
    expect(await validation.runDue(1000)).toBeGreaterThanOrEqual(1)
    expect(json<{ status: string }>(await b.get(`/accounts/${validated}`)).status).toBe('accepted')
    // What A earned before the block stays on the books.
    expect((await earningsOf(db(), a.userId)).map((e) => e.account)).toEqual([before])
    expect(await ledgerProblems()).toEqual([])

    const unblock = await t.app.inject({
      method: 'DELETE',
      url: `/ops/users/${a.telegramId}/block`,
      headers: bearer(TEST_OPS_TOKEN),
    })
    expect(unblock.statusCode, unblock.body).toBe(200)
    expect((await newcomer(code)).statusCode).toBe(200)
    const after = await pendingAccount(db(), b.userId, 4_000_000n)
    expect((await setAccountStatus(t.app, after, 'accepted')).statusCode).toBe(200)
    expect((await earningsOf(db(), a.userId)).map((e) => e.account)).toEqual([before, after])
    expect(await ledgerProblems()).toEqual([])
  })

  it('accrues when the validation engine accepts a referred account', async () => {
    const a = await userThrough(t.app, db(), DEMO_REFERRAL_CODE)
    const b = await userThrough(t.app, db(), (await referralStats(a)).referralLink.code)
    const uid = await pendingAccount(db(), b.userId, 2_000_000n)
    await db().execute(
      sql`update accounts set validation_at = now() - interval '1 minute' where uid = ${uid}`,
    )
    // The sandbox accepts an ordinary number without a limit.
    const validation = createValidationService({
      db: db(),
      now: () => new Date(),
      accountProvider: createSandboxProvider(),
    })
    expect(await validation.runDue(1000)).toBeGreaterThanOrEqual(1)
    expect(json<{ status: string }>(await b.get(`/accounts/${uid}`)).status).toBe('accepted')
    expect((await earningsOf(db(), a.userId)).map((e) => e.amount)).toEqual([200_000n])
    expect(await ledgerProblems()).toEqual([])
  })

  it('removes an earning with its acceptance, refuses while an unpaid invoice carries it, keeps a paid one', async () => {
    await openPayments(ops(), { min_payment_limit: '0.1' })
    const a = await userThrough(t.app, db(), DEMO_REFERRAL_CODE)
    const b = await userThrough(t.app, db(), (await referralStats(a)).referralLink.code)
    const [x, y, z] = [
      await pendingAccount(db(), b.userId, usdt(10)),
      await pendingAccount(db(), b.userId, usdt(20)),
      await pendingAccount(db(), b.userId, usdt(30)),
    ]
    for (const uid of [x, y, z]) expect((await setAccountStatus(t.app, uid, 'accepted')).statusCode).toBe(200)

    // Not on an invoice: the rejection removes the earning.
    expect((await setAccountStatus(t.app, x, 'rejected')).statusCode).toBe(200)
    expect((await earningsOf(db(), a.userId)).map((e) => e.account)).toEqual([y, z])
    expect(json(await a.get('/referral-earnings/stats'))).toEqual({ totalAmount: 5, paidAmount: 0 })

    // An invoice of earnings only (A has no accounts): amount and its referral part.
    const created = await a.post('/invoices/request-invoice')
    expect(created.statusCode, created.body).toBe(201)
    const { uid: invoiceUid } = json<{ uid: string }>(created)
    const detail = InvoiceDetailSchema.parse(json(await a.get(`/invoices/${invoiceUid}`)))
    expect(detail).toMatchObject({ amount: 5, referralEarnings: 5 })
    expect(json<Dashboard>(await a.get('/dashboard')).invoice.paymentAvailable).toBe(0)
    expect((await b.get(`/invoices/${invoiceUid}`)).statusCode).toBe(404)

    // On an unpaid invoice: the override is refused and nothing changes.
    const refused = await setAccountStatus(t.app, y, 'rejected')
    expect(refused.statusCode).toBe(409)
    expect(json(refused)).toMatchObject({ code: 'INVALID_STATE' })
    expect(
      json<{ items: { uid: string; status: string }[] }>(await b.get('/accounts?size=10')).items,
    ).toEqual(expect.arrayContaining([expect.objectContaining({ uid: y, status: 'accepted' })]))

    // A rejected invoice gives the earnings back to the balance; then the override goes through.
    await opsOk(ops(), 'POST', `/ops/invoices/${invoiceUid}/reject`)
    expect(json<Dashboard>(await a.get('/dashboard')).invoice.paymentAvailable).toBe(5)
    expect((await setAccountStatus(t.app, y, 'rejected')).statusCode).toBe(200)
    expect(json(await a.get('/referral-earnings/stats'))).toEqual({ totalAmount: 3, paidAmount: 0 })

    // Paid: paidAmount grows, and a later rejection of the account leaves the paid earning alone.
    const second = json<{ uid: string }>(await a.post('/invoices/request-invoice')).uid
    expect(InvoiceDetailSchema.parse(json(await a.get(`/invoices/${second}`)))).toMatchObject({
      amount: 3,
      referralEarnings: 3,
    })
    await opsOk(ops(), 'POST', `/ops/invoices/${second}/confirm`)
    const payout = await a.post(`/invoices/${second}/request-payment`, {
      receiverAddress: VALID.tron,
      currency: 'trx',
    })
    expect(payout.statusCode, payout.body).toBe(201)
    const txUid = json<{ uid: string }>(payout).uid
    await opsOk(ops(), 'POST', `/ops/transactions/${txUid}/broadcast`)
    await opsOk(ops(), 'POST', `/ops/transactions/${txUid}/succeed`, {
      txid: VALID.trxTxid,
      senderAddress: VALID.tron,
    })
    expect(json(await a.get('/referral-earnings/stats'))).toEqual({ totalAmount: 3, paidAmount: 3 })
    expect((await setAccountStatus(t.app, z, 'rejected')).statusCode).toBe(200)
    expect(json(await a.get('/referral-earnings/stats'))).toEqual({ totalAmount: 3, paidAmount: 3 })
    expect(await ledgerProblems()).toEqual([])
  })

  it('flags a referral to operators when referrer and referred share a payout wallet, a card or a sheba', async () => {
    await openPayments(ops())
    /** The user's confirmed invoice of one accepted account, and a payout of it requested with `body`. */
    const requestPayout = async (user: TestUser, path: string, body: object) => {
      const uid = await pendingAccount(db(), user.userId, usdt(5))
      expect((await setAccountStatus(t.app, uid, 'accepted')).statusCode).toBe(200)
      const invoiceUid = json<{ uid: string }>(await user.post('/invoices/request-invoice')).uid
      await opsOk(ops(), 'POST', `/ops/invoices/${invoiceUid}/confirm`)
      const payout = await user.post(`/invoices/${invoiceUid}/${path}`, body)
      expect(payout.statusCode, payout.body).toBe(201)
      return json<{ uid: string }>(payout).uid
    }
    const card = (number: string, iban: string) => ({
      bankCardCreate: { name: 'Ali', family: 'Rezaei', number, iban },
      currency: 'irt',
    })
    const a = await userThrough(t.app, db(), DEMO_REFERRAL_CODE)
    const { code } = (await referralStats(a)).referralLink
    const [b, c, honest] = [
      await userThrough(t.app, db(), code),
      await userThrough(t.app, db(), code),
      await userThrough(t.app, db(), code),
    ]
    await requestPayout(a, 'request-payment', { receiverAddress: VALID.tron, currency: 'trx' })
    await requestPayout(a, 'request-payment-irt', card(VALID.card, VALID.iban))
    // B, a second Telegram id of A's owner, is paid to A's wallet; C to A's card (another sheba); nobody else is.
    const bPayout = await requestPayout(b, 'request-payment', {
      receiverAddress: VALID.tron,
      currency: 'trx',
    })
    await requestPayout(c, 'request-payment-irt', card(VALID.card, 'IR062960000000100324200001'))
    await requestPayout(honest, 'request-payment', {
      receiverAddress: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      currency: 'trx',
    })

    const uidOf = async (user: TestUser) => (await showUser(t.app, user.telegramId)).uid
    const aFlag = { relation: 'referrer', telegramId: a.telegramId, uid: await uidOf(a) }
    expect((await showUser(t.app, b.telegramId)).referralFlags).toEqual([{ ...aFlag, shared: ['wallet'] }])
    expect((await showUser(t.app, c.telegramId)).referralFlags).toEqual([{ ...aFlag, shared: ['card'] }])
    expect((await showUser(t.app, honest.telegramId)).referralFlags).toEqual([])
    expect(
      (await showUser(t.app, a.telegramId)).referralFlags.sort(
        (x, y) => Number(x.telegramId) - Number(y.telegramId),
      ),
    ).toEqual([
      { relation: 'referral', telegramId: b.telegramId, uid: await uidOf(b), shared: ['wallet'] },
      { relation: 'referral', telegramId: c.telegramId, uid: await uidOf(c), shared: ['card'] },
    ])
    // And in the audit log, at the request that made the pair share.
    const audited = (await db().execute(
      sql`select actor, object_id, after from audit_log where action = 'referral.shared-payout' and object_id = ${String(b.telegramId)}`,
    )) as { rows: { actor: string; object_id: string; after: Record<string, unknown> }[] }
    expect(audited.rows).toEqual([
      {
        actor: 'referral-check',
        object_id: String(b.telegramId),
        after: { transaction: bPayout, ...aFlag, shared: ['wallet'] },
      },
    ])
  })

  it('puts accounts and earnings on one invoice, counted once, under concurrent acceptance', async () => {
    await openPayments(ops(), { min_payment_limit: '0.01' })
    const a = await userThrough(t.app, db(), DEMO_REFERRAL_CODE)
    const b = await userThrough(t.app, db(), (await referralStats(a)).referralLink.code)
    const own = await pendingAccount(db(), a.userId, usdt(4))
    expect((await setAccountStatus(t.app, own, 'accepted')).statusCode).toBe(200)
    const referred = await pendingAccount(db(), b.userId, usdt(10))
    expect((await setAccountStatus(t.app, referred, 'accepted')).statusCode).toBe(200)
    const invoiceUid = json<{ uid: string }>(await a.post('/invoices/request-invoice')).uid
    expect(InvoiceDetailSchema.parse(json(await a.get(`/invoices/${invoiceUid}`)))).toMatchObject({
      amount: 5,
      referralEarnings: 1,
    })

    // Rounds of: a referred account accepted while A creates an invoice. Every earning ends on exactly one
    // invoice or in the balance, never both, never lost.
    for (let round = 0; round < 8; round++) {
      const uid = await pendingAccount(db(), b.userId, usdt(1 + round))
      await Promise.all([setAccountStatus(t.app, uid, 'accepted'), a.post('/invoices/request-invoice')])
    }
    const earnings = await earningsOf(db(), a.userId)
    expect(earnings).toHaveLength(9)
    const total = earnings.reduce((sum, e) => sum + e.amount, 0n)
    const available = earnings.filter((e) => e.invoice === null).reduce((sum, e) => sum + e.amount, 0n)
    const invoices = (await db().execute(
      sql`select coalesce(sum(amount), 0)::text as sum from invoices where user_id = ${a.userId}`,
    )) as { rows: { sum: string }[] }
    // A's invoices hold A's 4 USDT account and the earnings not left available.
    expect(BigInt(invoices.rows[0]?.sum ?? '0')).toBe(usdt(4) + total - available)
    expect(total).toBe(usdt(1) + usdt((1 + 2 + 3 + 4 + 5 + 6 + 7 + 8) / 10))
    expect(await ledgerProblems()).toEqual([])
  })
})
