/**
 * The console's lists on both databases (docs/console.md): invoices and payouts paged by cursor, the invite list
 * (who made each, who joined through it), the user search (Telegram id, name, username, email) and sign-ins in the
 * audit log.
 */
import type { OperatorEnrolment } from '@app/contract/ops'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { totpCode } from '#modules/operators/totp.ts'
import { userIdOf } from '../helpers/accounts.ts'
import { authorize, bearer, json, TEST_OPS_TOKEN, useTestApp } from '../helpers/app.ts'
import { movableClock } from '../helpers/clock.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { freshTelegramUser } from '../helpers/init-data.ts'
import { acceptedAccounts, openPayments, opsOf, opsOk, VALID } from '../helpers/payments.ts'

type Page<T> = { items: T[]; nextPage: string | null }

describe.each(DATABASE_KINDS)('console lists on %s', (kind) => {
  // The real time (init data is signed with it), moved on by a test that needs a later TOTP step or window.
  const { now, later: tick } = movableClock()
  const t = useTestApp(kind, { deps: { now } })
  const ops = () => opsOf(t.app)
  /** Every page of a list, following `nextPage`. */
  async function allPages<T>(path: string, limit: number): Promise<T[][]> {
    const pages: T[][] = []
    let cursor: string | null = null
    do {
      const sep = path.includes('?') ? '&' : '?'
      const url = `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
      const page: Page<T> = await opsOk<Page<T>>(ops(), 'GET', url)
      expect(page.items.length).toBeLessThanOrEqual(limit)
      pages.push(page.items)
      cursor = page.nextPage
    } while (cursor !== null && pages.length < 50)
    return pages
  }
  /** A Telegram user admitted by `code` (the demo link by default), with names of our choosing. */
  async function signUp(
    profile: { first_name: string; last_name?: string; username?: string },
    code?: string,
  ) {
    const tg = freshTelegramUser(profile)
    const pair = await authorize(t.app, tg, code === undefined ? undefined : { startParam: code })
    return { telegramId: tg.id, token: pair.accessToken }
  }

  it('pages the invoice queue oldest first and every invoice newest first by cursor; a forged cursor is a 400', async () => {
    await openPayments(ops())
    const made: string[] = []
    const tokens: string[] = []
    for (let i = 0; i < 5; i++) {
      const user = await signUp({ first_name: `Payer${i}` })
      await acceptedAccounts(t.database.db, await userIdOf(t.database.db, user.telegramId), [2_000_000n])
      const created = await t.app.inject({
        method: 'POST',
        url: '/invoices/request-invoice',
        headers: bearer(user.token),
      })
      expect(created.statusCode, created.body).toBe(201)
      made.push(json<{ uid: string }>(created).uid)
      tokens.push(user.token)
    }
    const queue = await allPages<{ uid: string }>('/ops/invoices?status=pending', 2)
    expect(queue.map((page) => page.length)).toEqual([2, 2, 1])
    expect(queue.flat().map((row) => row.uid)).toEqual(made)
    const everything = (await allPages<{ uid: string }>('/ops/invoices', 3)).flat().map((row) => row.uid)
    expect(everything).toEqual([...made].reverse())

    const first = await opsOk<Page<unknown>>(ops(), 'GET', '/ops/invoices?status=pending&limit=1')
    // A signature character changed (the first: the last one's low bits are padding, which decoding ignores).
    const [position, signature = ''] = (first.nextPage ?? '').split('.')
    const forged = `${position}.${signature.startsWith('x') ? 'y' : 'x'}${signature.slice(1)}`
    const refused = await ops()('GET', `/ops/invoices?status=pending&cursor=${encodeURIComponent(forged)}`)
    expect(refused.statusCode).toBe(400)
    expect(json(refused)).toMatchObject({ code: 'VALIDATION_ERROR' })
    expect((await ops()('GET', '/ops/invoices?limit=0')).statusCode).toBe(400)

    // Payouts of them: three in TRX, two in USDT, paged as a queue and by currency.
    const payouts: { uid: string; currency: string }[] = []
    for (const [i, uid] of made.entries()) {
      await opsOk(ops(), 'POST', `/ops/invoices/${uid}/confirm`)
      const token = tokens[i] ?? ''
      const trx = i % 2 === 0
      const paid = await t.app.inject({
        method: 'POST',
        url: trx ? `/invoices/${uid}/request-payment` : `/invoices/${uid}/request-payment-crypto`,
        headers: bearer(token),
        payload: trx
          ? { currency: 'trx', receiverAddress: VALID.tron }
          : { receiverAddress: VALID.bsc, network: 'BSC', token: 'USDT' },
      })
      expect(paid.statusCode, paid.body).toBe(201)
      payouts.push({ uid: json<{ uid: string }>(paid).uid, currency: trx ? 'trx' : 'usdt' })
    }
    const pending = await allPages<{ uid: string }>('/ops/transactions?status=pending', 2)
    expect(pending.map((page) => page.length)).toEqual([2, 2, 1])
    expect(pending.flat().map((row) => row.uid)).toEqual(payouts.map((p) => p.uid))
    const trxOnly = (
      await allPages<{ uid: string; currency: string }>('/ops/transactions?currency=trx', 2)
    ).flat()
    expect(trxOnly.map((row) => row.uid)).toEqual(
      payouts
        .filter((p) => p.currency === 'trx')
        .map((p) => p.uid)
        .reverse(),
    )
    expect((await ops()('GET', '/ops/transactions?currency=eur')).statusCode).toBe(400)
  })

  it('lists invites newest first with who made them and who joined through them', async () => {
    const response = await ops()('POST', '/ops/invites', { code: `INV-${kind}-A` })
    expect(response.statusCode, response.body).toBe(201)
    const made = json<{ code: string }>(response)
    expect(made.code).toBe(`INV-${kind}-A`)
    const second = await t.app.inject({
      method: 'POST',
      url: '/ops/invites',
      headers: bearer(TEST_OPS_TOKEN),
    })
    expect(second.statusCode).toBe(201)
    const generated = json<{ code: string }>(second).code
    const joined = await signUp({ first_name: 'Invitee' }, made.code)
    await signUp({ first_name: 'Invitee2' }, made.code)

    const pages = await allPages<{
      code: string
      createdBy: string | null
      revokedAt: string | null
      uses: number
      usedBy: { telegramId: number | null; firstName: string; joinedAt: string }[]
    }>('/ops/invites', 1)
    const invites = pages.flat()
    expect(pages.length).toBeGreaterThanOrEqual(2)
    const codes = invites.map((invite) => invite.code)
    // Newest first; users' own referral links are not invites.
    expect(codes.indexOf(generated)).toBeLessThan(codes.indexOf(made.code))
    const [mine] = invites.filter((invite) => invite.code === made.code)
    expect(mine).toMatchObject({ createdBy: 'bootstrap', revokedAt: null, uses: 2 })
    expect(mine?.usedBy.map((user) => user.firstName)).toEqual(['Invitee', 'Invitee2'])
    expect(mine?.usedBy[0]?.telegramId).toBe(joined.telegramId)
    expect(invites.find((invite) => invite.code === generated)).toMatchObject({ uses: 0, usedBy: [] })
    const owned = (
      (await t.database.db.execute(sql`select code from referral_links where user_id is not null`)) as {
        rows: { code: string }[]
      }
    ).rows.map((row) => row.code)
    expect(owned.length).toBeGreaterThan(0)
    expect(codes.filter((code) => owned.includes(code))).toEqual([])
  })

  it('revokes an invite: it admits nobody new, who joined stays, audited; twice is a 409, unknown a 404', async () => {
    const made = await ops()('POST', '/ops/invites', { code: `REV-${kind}` })
    expect(made.statusCode).toBe(201)
    const { code } = json<{ code: string }>(made)
    const joined = await signUp({ first_name: 'Early' }, code)

    const revoked = await ops()('POST', `/ops/invites/${code}/revoke`)
    expect(revoked.statusCode, revoked.body).toBe(200)
    expect(json<{ code: string; revokedAt: string }>(revoked)).toMatchObject({ code })

    const late = freshTelegramUser({ first_name: 'Late' })
    await expect(authorize(t.app, late, { startParam: code })).rejects.toThrow(/authorize failed: 406/)
    const stays = await t.app.inject({ method: 'GET', url: '/dashboard', headers: bearer(joined.token) })
    expect(stays.statusCode).toBe(200)
    const [row] = (
      await allPages<{ code: string; revokedAt: string | null; uses: number }>('/ops/invites', 50)
    )
      .flat()
      .filter((invite) => invite.code === code)
    expect(row).toMatchObject({ uses: 1 })
    expect(row?.revokedAt).not.toBeNull()

    const again = await ops()('POST', `/ops/invites/${code}/revoke`)
    expect([again.statusCode, json<{ code: string }>(again).code]).toEqual([409, 'INVALID_STATE'])
    const unknown = await ops()('POST', '/ops/invites/NO-SUCH-CODE/revoke')
    expect([unknown.statusCode, json<{ code: string }>(unknown).code]).toEqual([404, 'NOT_FOUND'])
    // A user's own referral code is no operator invite.
    const [owned] = (
      (await t.database.db.execute(
        sql`select code from referral_links where user_id is not null limit 1`,
      )) as {
        rows: { code: string }[]
      }
    ).rows
    expect((await ops()('POST', `/ops/invites/${owned?.code}/revoke`)).statusCode).toBe(404)

    const audit = await opsOk<{ items: { action: string; before: unknown; after: unknown }[] }>(
      ops(),
      'GET',
      `/ops/audit?objectType=invite&objectId=${code}`,
    )
    expect(audit.items.map((item) => item.action)).toEqual(['invite.revoke', 'invite.create'])
    expect(audit.items[0]?.before).toEqual({ code, revokedAt: null })
    expect(audit.items[0]?.after).toMatchObject({ code })
  })

  it('finds users by Telegram id, a part of a name or username (any case), or email; pages them', async () => {
    const tag = `${kind}${Date.now() % 100000}`
    const mira = await signUp({ first_name: `Mira${tag}`, last_name: 'Okafor', username: `mira_${tag}` })
    const miro = await signUp({ first_name: `Miro${tag}`, last_name: 'Zed' })
    const other = await signUp({ first_name: 'Unrelated', last_name: `Name${tag}` })
    await t.database.db.execute(sql`
      insert into email_identities (email, user_id, password_hash, verified_at)
      values (${`post.${tag}@example.org`}, ${await userIdOf(t.database.db, miro.telegramId)}, 'x', now())`)
    const find = async (q: string) =>
      (
        await allPages<{ telegramId: number; email: string | null }>(
          `/ops/users?q=${encodeURIComponent(q)}`,
          50,
        )
      )
        .flat()
        .map((user) => user.telegramId)

    expect(await find(String(mira.telegramId))).toEqual([mira.telegramId])
    expect(await find(`MIRA${tag}`.toLowerCase())).toEqual([mira.telegramId])
    expect(await find('MIR')).toEqual(expect.arrayContaining([miro.telegramId, mira.telegramId]))
    expect(await find(`@MIRA_${tag}`)).toEqual([mira.telegramId])
    expect(await find(`okafo`)).toContain(mira.telegramId)
    expect(await find(`POST.${tag}@EXAMPLE`)).toEqual([miro.telegramId])
    expect(await find(`name${tag}`)).toEqual([other.telegramId])
    // LIKE's wildcards are taken literally.
    expect(await find('%')).toEqual([])
    expect(await find(`M_ra${tag}`)).toEqual([])
    const found = await opsOk<Page<{ email: string | null }>>(ops(), 'GET', `/ops/users?q=post.${tag}`)
    expect(found.items[0]?.email).toBe(`post.${tag}@example.org`)

    // Newest first, a page at a time.
    const pages = await allPages<{ telegramId: number }>(`/ops/users?q=${tag}`, 1)
    expect(pages.flat().map((user) => user.telegramId)).toEqual([
      other.telegramId,
      miro.telegramId,
      mira.telegramId,
    ])
    for (const bad of [
      '/ops/users',
      '/ops/users?q=',
      '/ops/users?q=%20%20',
      `/ops/users?q=${'x'.repeat(65)}`,
    ]) {
      const response = await ops()('GET', bad)
      expect(response.statusCode, bad).toBe(400)
    }
  })

  it('writes sign-ins, failures, the lockout and sign-outs to the audit log, never the password or code', async () => {
    const enrolment = json<OperatorEnrolment>(
      await ops()('POST', '/ops/operators', { login: `auditee-${kind}`, role: 'viewer' }),
    )
    const login = enrolment.operator.login
    const LOCKOUT_FAILURES = t.config.operatorLoginFailures.perAddress.max
    const attempt = (password: string, code: string, who = login) =>
      t.app.inject({ method: 'POST', url: '/ops/session', payload: { login: who, password, code } })
    const audit = async () =>
      (
        await opsOk<Page<{ actor: string; action: string; objectId: string | null; after: unknown }>>(
          ops(),
          'GET',
          `/ops/audit?objectType=session&limit=100`,
        )
      ).items.filter((row) => row.objectId === login || row.actor === 'unknown')

    tick(31)
    const ok = await attempt(enrolment.password, totpCode(enrolment.totpSecret, now()))
    expect(ok.statusCode, ok.body).toBe(200)
    const cookies = Object.fromEntries(ok.cookies.map((c) => [c.name, c.value]))
    const session = { cookie: `ops_session=${cookies.ops_session}` }
    const csrf = json<{ csrfToken: string }>(ok).csrfToken
    expect((await audit()).map((row) => [row.actor, row.action])).toEqual([[login, 'session.login']])

    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/ops/session',
      headers: { ...session, 'x-csrf-token': csrf },
    })
    expect(logout.statusCode).toBe(200)

    const wrongPassword = 'not-the-password-123'
    expect((await attempt(wrongPassword, '000000')).statusCode).toBe(401)
    expect((await attempt('someone-typed-a-secret', '123456', 'no-such-operator')).statusCode).toBe(401)
    for (let i = 1; i < LOCKOUT_FAILURES; i++) await attempt(wrongPassword, '000000')
    tick(31)
    const locked = await attempt(enrolment.password, totpCode(enrolment.totpSecret, now()))
    expect(locked.statusCode).toBe(429)

    const rows = await audit()
    const actions = rows.map((row) => row.action)
    expect(actions[0]).toBe('session.login_failed') // the refused right answer, while locked
    expect(actions).toContain('session.lockout')
    expect(actions).toContain('session.logout')
    expect(actions.filter((a) => a === 'session.login_failed')).toHaveLength(LOCKOUT_FAILURES + 2)
    const unknown = rows.find((row) => row.actor === 'unknown')
    expect(unknown).toMatchObject({ action: 'session.login_failed', objectId: null })
    const everything = JSON.stringify(rows)
    for (const secret of [
      wrongPassword,
      enrolment.password,
      'someone-typed-a-secret',
      'no-such-operator',
      '000000',
    ])
      expect(everything).not.toContain(secret)

    // Logging out everywhere says how many sessions ended.
    // The address's failures are forgotten once their window ends.
    tick(15 * 60 + 1)
    const again = await attempt(enrolment.password, totpCode(enrolment.totpSecret, now()))
    expect(again.statusCode, again.body).toBe(200)
    const cookies2 = Object.fromEntries(again.cookies.map((c) => [c.name, c.value]))
    const everywhere = await t.app.inject({
      method: 'DELETE',
      url: '/ops/sessions',
      headers: {
        cookie: `ops_session=${cookies2.ops_session}`,
        'x-csrf-token': json<{ csrfToken: string }>(again).csrfToken,
      },
    })
    expect(everywhere.statusCode).toBe(200)
    const [last] = await audit()
    expect(last).toMatchObject({ action: 'session.logout_everywhere', after: { sessions: 1 } })
  })
})
