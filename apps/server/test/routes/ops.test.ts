import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { referralLinks } from '#db/schema.ts'
import { SANDBOX_LOGIN_CODE } from '#providers/sandbox/scenarios.ts'
import { newUser, ordinaryPhone, submitOrdinaryAccount } from '../helpers/accounts.ts'
import { bearer, json, TEST_OPS_TOKEN, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { freshTelegramUser, signInitData } from '../helpers/init-data.ts'

describe.each(DATABASE_KINDS)('operator API on %s', (kind) => {
  const t = useTestApp(kind)
  const ops = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: unknown,
    token = TEST_OPS_TOKEN,
  ) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    })

  it('refuses a missing or wrong token with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/ops/settings' })).statusCode).toBe(401)
    const wrong = await ops('GET', '/ops/settings', undefined, `${TEST_OPS_TOKEN}x`)
    expect(wrong.statusCode).toBe(401)
    expect(json(wrong)).toMatchObject({ code: 'UNAUTHORIZED' })
    expect((await ops('POST', '/ops/invites', {}, 'short')).statusCode).toBe(401)
  })

  it('creates invites: given code, random code, duplicate 409; the invite admits a new user', async () => {
    const created = await ops('POST', '/ops/invites', { code: 'launch-2026' })
    expect(created.statusCode).toBe(201)
    expect(json(created)).toEqual({ code: 'launch-2026' })
    const duplicate = await ops('POST', '/ops/invites', { code: 'launch-2026' })
    expect(duplicate.statusCode).toBe(409)
    expect(json(duplicate)).toMatchObject({ statusCode: 409, code: 'DUPLICATE_ENTRY' })
    const random = json<{ code: string }>(await ops('POST', '/ops/invites'))
    expect(random.code).toMatch(/^[A-Z2-9]{10}$/)
    const [row] = await t.database.db.select().from(referralLinks).where(eq(referralLinks.code, random.code))
    expect(row?.userId).toBeNull()
    const admitted = await t.app.inject({
      method: 'POST',
      url: '/auth/telegram/authorize',
      payload: { initData: signInitData({ user: freshTelegramUser(), startParam: random.code }) },
    })
    expect(admitted.statusCode).toBe(200)
    expect((await ops('POST', '/ops/invites', { code: 'no spaces' })).statusCode).toBe(400)
  })

  it('shows and sets settings with per-key validation', async () => {
    expect(json(await ops('GET', '/ops/settings'))).toEqual({
      order_open: true,
      payment_open: true,
      toman_payment_open: true,
      min_payment_limit: '10',
      max_payment_limit: '1000',
      channel_username: 'durov',
      validation_delay_seconds: '30',
      invoice_delay_seconds: '60',
      referral_share_percent: '10',
      new_user_can_referrer: true,
      new_user_can_add_account: true,
      new_user_can_register_account: true,
      email_allowed_domains: '',
      payout_approval_above: '0',
      rate_step_percent: '20',
      rate_usdtirt_min: '10000',
      rate_usdtirt_max: '1000000',
      rate_usdttrx_min: '1',
      rate_usdttrx_max: '100',
    })
    // Demo exchange rates, so the payout forms work out of the box.
    expect(json<{ price: string }[]>(await ops('GET', '/ops/rates/USDTIRT'))[0]?.price).toBe('98500')
    expect(json<{ price: string }[]>(await ops('GET', '/ops/rates/USDTTRX'))[0]?.price).toBe('3.6')
    expect(json(await ops('PUT', '/ops/settings/order_open', { value: false }))).toEqual({
      key: 'order_open',
      value: false,
    })
    expect(json(await ops('PUT', '/ops/settings/max_payment_limit', { value: '2500.75' }))).toEqual({
      key: 'max_payment_limit',
      value: '2500.75',
    })
    expect(json(await ops('PUT', '/ops/settings/min_payment_limit', { value: 12.5 }))).toEqual({
      key: 'min_payment_limit',
      value: '12.5',
    })
    expect(json(await ops('PUT', '/ops/settings/channel_username', { value: '@my_channel' }))).toEqual({
      key: 'channel_username',
      value: 'my_channel',
    })
    expect(json(await ops('PUT', '/ops/settings/channel_username', { value: null }))).toEqual({
      key: 'channel_username',
      value: null,
    })
    expect(json(await ops('GET', '/ops/settings'))).toMatchObject({
      order_open: false,
      min_payment_limit: '12.5',
      max_payment_limit: '2500.75',
      channel_username: null,
    })
  })

  it('refuses invalid keys and values with 400, and min > max', async () => {
    const cases: [string, unknown][] = [
      ['/ops/settings/no_such_key', { value: true }],
      ['/ops/settings/order_open', { value: 'yes' }],
      ['/ops/settings/order_open', { value: 1 }],
      ['/ops/settings/order_open', {}],
      ['/ops/settings/min_payment_limit', { value: '-1' }],
      ['/ops/settings/min_payment_limit', { value: 'ten' }],
      ['/ops/settings/min_payment_limit', { value: '1.1234567' }],
      ['/ops/settings/min_payment_limit', { value: true }],
      ['/ops/settings/channel_username', { value: 'a b' }],
      ['/ops/settings/channel_username', { value: 5 }],
      ['/ops/settings/min_payment_limit', { value: '1000000' }],
    ]
    for (const [url, payload] of cases) {
      const response = await ops('PUT', url, payload)
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400)
      expect(json(response)).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' })
    }
    const minOverMax = await ops('PUT', '/ops/settings/max_payment_limit', { value: '1' })
    expect(json(minOverMax).message).toMatch(/min_payment_limit must not be greater than max_payment_limit/)
  })

  it('orders: create, duplicate 409, list, open/close, price, capacity; closing refuses phones', async () => {
    // An earlier test closed the global switch.
    await ops('PUT', '/ops/settings/order_open', { value: true })
    const created = await ops('POST', '/ops/orders', { country: 'br', price: '2.25', capacity: 5 })
    expect(created.statusCode).toBe(201)
    expect(json(created)).toEqual({ country: 'BR', price: '2.25', capacity: 5, isOpen: true })
    expect((await ops('POST', '/ops/orders', { country: 'BR', price: '1', capacity: 1 })).statusCode).toBe(
      409,
    )
    expect((await ops('POST', '/ops/orders', { country: 'BRA', price: '1', capacity: 1 })).statusCode).toBe(
      400,
    )
    expect((await ops('POST', '/ops/orders', { country: 'AR', price: '-1', capacity: 1 })).statusCode).toBe(
      400,
    )
    expect(json(await ops('PATCH', '/ops/orders/BR', { price: '3', capacity: 7 }))).toEqual({
      country: 'BR',
      price: '3',
      capacity: 7,
      isOpen: true,
    })
    expect(json(await ops('PATCH', '/ops/orders/IR', { isOpen: false }))).toMatchObject({ isOpen: false })
    const user = await newUser(t.app)
    const refused = await user.post('/telegram/submit-account-phone', {
      phone: ordinaryPhone(),
      submitType: 'login',
    })
    expect(json(refused)).toMatchObject({ code: 'ORDER_UNAVAILABLE', details: { reason: 'closed' } })
    expect(json(await ops('PATCH', '/ops/orders/IR', { isOpen: true }))).toMatchObject({ isOpen: true })
    expect((await ops('PATCH', '/ops/orders/ZZ', { isOpen: true })).statusCode).toBe(404)
    const list = json<{ country: string }[]>(await ops('GET', '/ops/orders'))
    expect(list.map((o) => o.country)).toEqual(expect.arrayContaining(['BR', 'DE', 'IN', 'IR', 'US']))
  })

  it('validation delay setting, accounts by user, status override', async () => {
    await ops('PUT', '/ops/settings/order_open', { value: true })
    expect(json(await ops('PUT', '/ops/settings/validation_delay_seconds', { value: '120' }))).toEqual({
      key: 'validation_delay_seconds',
      value: '120',
    })
    expect((await ops('PUT', '/ops/settings/validation_delay_seconds', { value: '-1' })).statusCode).toBe(400)
    const user = await newUser(t.app)
    const before = Math.floor(Date.now() / 1000)
    const account = await submitOrdinaryAccount(user.post, ordinaryPhone())
    const detail = json<{ validationAt: number }>(await user.get(`/accounts/${account.uid}`))
    expect(detail.validationAt).toBeGreaterThanOrEqual(before + 119)
    await ops('PUT', '/ops/settings/validation_delay_seconds', { value: 30 })

    const listed = json<{ uid: string; status: string }[]>(
      await ops('GET', `/ops/users/${user.telegramId}/accounts`),
    )
    expect(listed).toEqual([expect.objectContaining({ uid: account.uid, status: 'pending', price: '1.5' })])
    expect((await ops('GET', '/ops/users/1/accounts')).statusCode).toBe(404)

    const accepted = await ops('PUT', `/ops/accounts/${account.uid}/status`, { status: 'accepted' })
    expect(json(accepted)).toMatchObject({ uid: account.uid, status: 'accepted' })
    expect(json(await user.get('/dashboard'))).toMatchObject({ invoice: { paymentAvailableF: '1.50' } })
    expect((await ops('PUT', `/ops/accounts/${account.uid}/status`, { status: 'lost' })).statusCode).toBe(400)
    const missing = '00000000-0000-4000-8000-000000000000'
    expect((await ops('PUT', `/ops/accounts/${missing}/status`, { status: 'accepted' })).statusCode).toBe(404)
    expect(SANDBOX_LOGIN_CODE).toHaveLength(5)
  })
})
