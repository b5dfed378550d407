import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE, DEMO_REFERRER, DEMO_USERS } from '#dev/demo/demo-data.ts'
import { themeParamsFor } from '#dev/simulator/theme-params.ts'
import { checkInitData } from '#modules/auth/init-data.ts'
import { newUser, ordinaryPhone, submitOrdinaryAccount, userIdOf } from '../helpers/accounts.ts'
import { authorize, bearer, useTestApp } from '../helpers/app.ts'
import { TEST_BOT_TOKEN } from '../helpers/init-data.ts'
import { acceptedAccounts, opsOf, opsOk } from '../helpers/payments.ts'

const DAY = 86_400

/** A POST helper for a given Telegram user (a demo user, signed in as the simulator would). */
async function asTelegramUser(app: FastifyInstance, telegramId: number) {
  const { accessToken } = await authorize(app, { id: telegramId, first_name: 'Demo', language_code: 'en' })
  const headers = bearer(accessToken)
  return {
    post: (url: string, payload?: unknown) =>
      app.inject({
        method: 'POST',
        url,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  }
}

describe('GET /simulator/launch', () => {
  const t = useTestApp('pglite', { config: { simulator: true } })
  const demoUser = DEMO_USERS[0]

  async function launch(query: string) {
    const response = await t.app.inject({ method: 'GET', url: `/simulator/launch?${query}` })
    expect(response.statusCode).toBe(200)
    const body = response.json<{ url: string; themeParams: Record<string, string> }>()
    const url = new URL(body.url, 'http://localhost')
    return { body, url, hash: new URLSearchParams(url.hash.slice(1)) }
  }

  it('answers the URL Telegram opens: signed init data, client version, platform and theme', async () => {
    const { body, url, hash } = await launch(
      `user=${demoUser?.telegramId}&platform=android&lang=fa&theme=dark`,
    )
    expect(url.pathname).toBe('/')
    expect(url.searchParams.get('tgWebAppStartParam')).toBe(DEMO_REFERRAL_CODE)
    expect(hash.get('tgWebAppVersion')).toBe('8.0')
    expect(hash.get('tgWebAppPlatform')).toBe('android')
    expect(JSON.parse(hash.get('tgWebAppThemeParams') ?? '')).toEqual(themeParamsFor('android', 'dark'))
    expect(body.themeParams).toEqual(themeParamsFor('android', 'dark'))

    const checked = checkInitData(hash.get('tgWebAppData') ?? '', TEST_BOT_TOKEN, DAY)
    expect(checked.ok).toBe(true)
    if (!checked.ok) return
    expect(checked.data.user.id).toBe(demoUser?.telegramId)
    expect(checked.data.user.languageCode).toBe('fa')
    expect(checked.data.startParam).toBe(DEMO_REFERRAL_CODE)
  })

  it('launches without a start parameter when it is cleared', async () => {
    const { url, hash } = await launch(`user=${demoUser?.telegramId}&startParam=`)
    expect(url.search).toBe('')
    const checked = checkInitData(hash.get('tgWebAppData') ?? '', TEST_BOT_TOKEN, DAY)
    expect(checked.ok).toBe(true)
    expect(checked.ok && checked.data.startParam).toBeNull()
  })

  it('launches the newcomer without a code (the referral gate), and with one when asked', async () => {
    const newcomer = DEMO_USERS.find((user) => user.username === 'newcomer_demo')
    const startParamOf = (hash: URLSearchParams) => {
      const checked = checkInitData(hash.get('tgWebAppData') ?? '', TEST_BOT_TOKEN, DAY)
      return checked.ok ? checked.data.startParam : 'unsigned'
    }
    const alone = await launch(`user=${newcomer?.telegramId}`)
    expect(alone.url.search).toBe('')
    expect(startParamOf(alone.hash)).toBeNull()
    const invited = await launch(`user=${newcomer?.telegramId}&startParam=${DEMO_REFERRAL_CODE}`)
    expect(startParamOf(invited.hash)).toBe(DEMO_REFERRAL_CODE)
  })

  it("lists the demo users with who they are and the code each arrives with, the page's defaults", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/simulator/config.json' })
    const { users } = response.json<{ users: { id: number; note: string; startParam: string }[] }>()
    expect(users.map(({ id, startParam }) => [id, startParam])).toEqual([
      [777000101, DEMO_REFERRAL_CODE],
      [777000102, DEMO_REFERRAL_CODE],
      [777000199, ''],
    ])
    expect(users.at(-1)?.note).toContain('referral gate')
  })

  it('refuses a user the simulator does not know', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/simulator/launch?user=1' })
    expect(response.statusCode).toBe(400)
  })
})

describe('POST /simulator/reset-sandbox-accounts', () => {
  const t = useTestApp('pglite', { config: { simulator: true } })
  const demoUser = DEMO_USERS[0]
  const TWO_FACTOR_PHONE = '+989120000002'

  const reset = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/simulator/reset-sandbox-accounts', payload })

  it('deletes the demo user’s accounts on no invoice, so a one-off sandbox number works again', async () => {
    if (!demoUser) throw new Error('no demo user')
    const { post } = await asTelegramUser(t.app, demoUser.telegramId)
    await submitOrdinaryAccount(post, TWO_FACTOR_PHONE)
    const again = await post('/telegram/submit-account-phone', {
      phone: TWO_FACTOR_PHONE,
      submitType: 'login',
    })
    expect(again.statusCode).toBe(409)

    // An account on an invoice is part of a payment: it stays.
    const userId = await userIdOf(t.database.db, demoUser.telegramId)
    const [paid] = await acceptedAccounts(t.database.db, userId, [1_000_000n])
    const invoice = (await t.database.db.execute(sql`
      insert into invoices (user_id, amount) values (${userId}, 1000000) returning id`)) as {
      rows: { id: number }[]
    }
    await t.database.db.execute(
      sql`update accounts set invoice_id = ${invoice.rows[0]?.id} where uid = ${paid ?? ''}::uuid`,
    )
    // Another user's account stays too.
    const other = await newUser(t.app)
    const otherPhone = ordinaryPhone()
    await submitOrdinaryAccount(other.post, otherPhone)

    const response = await reset({ user: demoUser.telegramId })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ accounts: 1 })

    const left = (await t.database.db.execute(
      sql`select phone, user_id from accounts where user_id = ${userId} or phone = ${otherPhone} order by phone`,
    )) as { rows: { phone: string }[] }
    expect(left.rows.map((r) => r.phone).sort()).toEqual(
      [otherPhone, ...(await phonesOf([paid ?? '']))].sort(),
    )
    await submitOrdinaryAccount(post, TWO_FACTOR_PHONE)
  })

  it("takes the referrer's earnings from the reset accounts with them, and keeps one an invoice carries", async () => {
    if (!demoUser) throw new Error('no demo user')
    // Sara's referrer (the demo referrer) earns from her accepted accounts.
    const { post } = await asTelegramUser(t.app, demoUser.telegramId)
    const userId = await userIdOf(t.database.db, demoUser.telegramId)
    const [earning, invoiced] = await acceptedAccounts(t.database.db, userId, [2_000_000n, 3_000_000n])
    const ops = opsOf(t.app)
    for (const uid of [earning, invoiced]) {
      await opsOk(ops, 'PUT', `/ops/accounts/${uid}/status`, { status: 'pending' })
      await opsOk(ops, 'PUT', `/ops/accounts/${uid}/status`, { status: 'accepted' })
    }
    // The referrer's invoice carries the second earning.
    const referrerId = await userIdOf(t.database.db, DEMO_REFERRER.telegramId)
    const invoice = (await t.database.db.execute(sql`
      insert into invoices (user_id, amount) values (${referrerId}, 300000) returning id`)) as {
      rows: { id: number }[]
    }
    await t.database.db.execute(sql`
      update referral_earnings set invoice_id = ${invoice.rows[0]?.id}
      where account_id = (select id from accounts where uid = ${invoiced ?? ''}::uuid)`)

    const response = await reset({ user: demoUser.telegramId })
    expect(response.statusCode, response.body).toBe(200)
    const left = (await t.database.db.execute(sql`
      select a.uid, e.amount::text as earned from accounts a
      left join referral_earnings e on e.account_id = a.id
      where a.uid in (${earning ?? ''}::uuid, ${invoiced ?? ''}::uuid)`)) as {
      rows: { uid: string; earned: string | null }[]
    }
    expect(left.rows).toEqual([{ uid: invoiced, earned: '300000' }])
    expect((await opsOk<{ problems: string[] }>(ops, 'GET', '/ops/ledger')).problems).toEqual([])
    expect(
      (await post('/telegram/submit-account-phone', { phone: TWO_FACTOR_PHONE, submitType: 'login' }))
        .statusCode,
    ).toBe(200)
  })

  it('refuses a user who is not a simulator user', async () => {
    const other = await newUser(t.app)
    expect((await reset({ user: other.telegramId })).statusCode).toBe(400)
    expect((await reset({})).statusCode).toBe(400)
  })

  async function phonesOf(uids: string[]): Promise<string[]> {
    const rows = (await t.database.db.execute(
      sql`select phone from accounts where uid = any(${`{${uids.join(',')}}`}::uuid[])`,
    )) as { rows: { phone: string }[] }
    return rows.rows.map((r) => r.phone)
  }
})

describe('the simulator off', () => {
  const t = useTestApp('pglite', { config: { simulator: false } })
  it('has no reset route', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/simulator/reset-sandbox-accounts',
      payload: { user: DEMO_USERS[0]?.telegramId },
    })
    expect(response.statusCode).toBe(404)
  })
})
