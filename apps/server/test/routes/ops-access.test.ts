/**
 * Named operators on every database (docs/console.md): the access table against every /ops route and role, console
 * sessions (cookie, idle and absolute expiry, logout everywhere), CSRF, login lockout, TOTP wrong and replayed, four
 * eyes on large payouts, the audit row with every change and only then, and an audit log nothing can change.
 */
import type { OperatorEnrolment, Overview } from '@app/contract/ops'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { passwordVerifications } from '#lib/crypto.ts'
import { LEDGER_PROBLEMS_KEPT, recordLedgerCheck } from '#modules/metrics/repository.ts'
import { OPS_ACCESS, roleMayCall } from '#modules/operators/access.ts'
import { SESSION_IDLE_SECONDS } from '#modules/operators/authenticate.ts'
import { SESSION_ABSOLUTE_SECONDS } from '#modules/operators/sign-in.ts'
import { totpCode } from '#modules/operators/totp.ts'
import { newUser, userIdOf } from '../helpers/accounts.ts'
import { json, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { type Method, operatorsOf, testClock } from '../helpers/operators.ts'
import { acceptedAccounts, openPayments, opsOf, opsOk, VALID } from '../helpers/payments.ts'

/** A value for each path parameter the /ops routes use. */
const PARAMS: Record<string, string> = {
  uid: '00000000-0000-4000-8000-000000000000',
  move: 'confirm',
  key: 'order_open',
  country: 'ZZ',
  pair: 'USDTTRX',
  user: '999999999',
  login: 'nobody-here',
}
const concrete = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? name)

describe.each(DATABASE_KINDS)('operators on %s', (kind) => {
  const clock = testClock()
  const tick = clock.tick
  // Users sign up after the clock has moved a day ahead of their init data's real time.
  const t = useTestApp(kind, { deps: { now: clock.now }, config: { authMaxAgeSeconds: 365 * 24 * 3600 } })
  const { asAdmin, withToken, enrol, tokenOf, login } = operatorsOf(() => t.app, clock, kind)
  const auditCount = async () =>
    Number(
      (
        (await t.database.db.execute(sql`select count(*)::int as n from audit_log`)) as {
          rows: { n: number }[]
        }
      ).rows[0]?.n,
    )

  /** A Set-Cookie line as a cookie: its pair first, then its attributes in any order (RFC 6265: no meaning). */
  const attributes = (cookie: string) => {
    const [pair, ...rest] = cookie.split('; ')
    return [pair, ...rest.sort()]
  }

  it('has a rule for every /ops route, and each role is allowed or refused as the table says', async () => {
    const document = json<{ paths: Record<string, Record<string, unknown>> }>(
      await t.app.inject({ method: 'GET', url: '/openapi.json' }),
    )
    // Log out everywhere ends the caller's token too: called last.
    const last = (call: string) => (call === 'DELETE /ops/sessions' ? 1 : 0)
    const calls = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/ops/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map(
          (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        ),
      )
      .sort((a, b) => last(a) - last(b))
    expect(calls.length).toBeGreaterThan(30)
    const missing = calls.filter((call) => OPS_ACCESS[call] === undefined)
    expect(missing, 'routes without an access rule').toEqual([])
    expect(
      Object.keys(OPS_ACCESS).filter((rule) => !calls.includes(rule)),
      'rules without a route',
    ).toEqual([])

    const tokens = {
      viewer: await tokenOf('viewer'),
      operator: await tokenOf('operator'),
      admin: await tokenOf('admin'),
    }
    for (const call of calls) {
      const [method, path] = call.split(' ') as [Method, string]
      for (const role of ['viewer', 'operator', 'admin'] as const) {
        const rule = OPS_ACCESS[call]
        if (rule === 'public') continue
        const answer = await withToken(tokens[role])(
          method,
          concrete(path),
          method === 'GET' ? undefined : {},
        )
        if (roleMayCall(role, rule))
          expect(answer.statusCode, `${role} ${call}: ${answer.body}`).not.toBe(403)
        else expect(answer.statusCode, `${role} ${call}`).toBe(403)
        expect(answer.statusCode, `${role} ${call}`).not.toBe(401)
      }
    }
  })

  it('logs in with password and TOTP: HttpOnly SameSite=Strict cookie, CSRF on changes, idle and absolute expiry', async () => {
    const admin = await enrol('admin')
    const s = await login(admin)
    const setCookie = s.response.headers['set-cookie'] as string[]
    expect(setCookie.find((c) => c.startsWith('ops_session='))).toMatch(/HttpOnly/)
    expect(setCookie.find((c) => c.startsWith('ops_session='))).toMatch(/SameSite=Strict/)
    expect(setCookie.find((c) => c.startsWith('ops_session='))).not.toMatch(/Secure/) // tests are not production
    // The CSRF token's cookie: for the console's pages only (Path=/console), never for the mini-app's on the same
    // origin; the one earlier servers set on every path is ended.
    const csrfCookies = setCookie.filter((c) => c.startsWith('ops_csrf='))
    expect(csrfCookies.map(attributes)).toEqual(
      [
        `ops_csrf=${encodeURIComponent(s.csrf)}; Path=/console; SameSite=Strict`,
        'ops_csrf=; Path=/; SameSite=Strict; Max-Age=0',
      ].map(attributes),
    )
    expect(json(await s.call('GET', '/ops/session'))).toMatchObject({
      login: admin.operator.login,
      role: 'admin',
    })

    // CSRF: a change without the header, or with another, is refused; with it, it goes through.
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/ops/invites',
      headers: { cookie: s.cookie },
      payload: {},
    })
    expect(noHeader.statusCode).toBe(403)
    expect((await s.call('POST', '/ops/invites', {}, { 'x-csrf-token': 'forged' })).statusCode).toBe(403)
    expect((await s.call('POST', '/ops/invites', {})).statusCode).toBe(201)

    // Idle expiry.
    tick(SESSION_IDLE_SECONDS + 1)
    expect((await s.call('GET', '/ops/session')).statusCode).toBe(401)

    // Absolute expiry, however busy.
    const busy = await login(admin)
    for (let elapsed = 0; elapsed < SESSION_ABSOLUTE_SECONDS; elapsed += SESSION_IDLE_SECONDS / 2) {
      tick(SESSION_IDLE_SECONDS / 2)
      if (elapsed + SESSION_IDLE_SECONDS / 2 < SESSION_ABSOLUTE_SECONDS - 60)
        expect((await busy.call('GET', '/ops/session')).statusCode).toBe(200)
    }
    tick(60)
    expect((await busy.call('GET', '/ops/session')).statusCode).toBe(401)

    // Logout everywhere ends every session of the operator.
    const one = await login(admin)
    const two = await login(admin)
    expect(json(await one.call('DELETE', '/ops/sessions'))).toEqual({ sessions: 2 })
    expect((await two.call('GET', '/ops/session')).statusCode).toBe(401)
  })

  it('finds the session cookie among others, and answers a malformed one 401, never 500', async () => {
    const s = await login(await enrol('viewer'))
    const session = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/ops/session', headers: { cookie } })
    expect((await session(`theme=dark; ${s.cookie}; lang=fa`)).statusCode).toBe(200)
    // Not percent-encoding that decodes (a forged or cut cookie), or empty.
    for (const cookie of ['ops_session=%E0%A4%A', 'ops_session=%', 'ops_session=', 'ops_session']) {
      const answer = await session(cookie)
      expect(answer.statusCode, cookie).toBe(401)
      expect(json(answer), cookie).toMatchObject({ code: 'UNAUTHORIZED' })
    }
    // Logout ends both cookies on their paths, and the CSRF cookie that earlier servers set on every path.
    const out = await s.call('DELETE', '/ops/session')
    expect(out.statusCode).toBe(200)
    expect((out.headers['set-cookie'] as string[]).map(attributes)).toEqual(
      [
        'ops_session=; Path=/ops; SameSite=Strict; HttpOnly; Max-Age=0',
        'ops_csrf=; Path=/console; SameSite=Strict; Max-Age=0',
        'ops_csrf=; Path=/; SameSite=Strict; Max-Age=0',
      ].map(attributes),
    )
    expect((await session(s.cookie)).statusCode).toBe(401)
  })

  it('refuses a wrong and a replayed TOTP code, and stops an address after repeated failures', async () => {
    const LOCKOUT_FAILURES = t.config.operatorLoginFailures.perAddress.max
    const op = await enrol('operator')
    tick(31)
    const body = (code: string, password = op.password) => ({ login: op.operator.login, password, code })
    const post = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/ops/session', payload: payload as Record<string, unknown> })
    const good = totpCode(op.totpSecret, clock.now())
    const wrong = good === '000000' ? '111111' : '000000'
    expect(json(await post(body(wrong)))).toMatchObject({ statusCode: 401, code: 'INVALID_CREDENTIALS' })
    expect((await post(body(good))).statusCode).toBe(200)
    const replay = await post(body(good))
    expect(replay.statusCode).toBe(401)

    // Lockout: failures in a row (replay above and the wrong code count), then even the right answer is refused.
    for (let i = 1; i < LOCKOUT_FAILURES; i++)
      await post(body(totpCode(op.totpSecret, clock.now()), 'wrong password!'))
    tick(31)
    const locked = await post(body(totpCode(op.totpSecret, clock.now())))
    expect(locked.statusCode).toBe(429)
    expect(json(locked)).toMatchObject({ code: 'RATE_LIMITED' })
    tick(15 * 60 + 1)
    expect((await post(body(totpCode(op.totpSecret, clock.now())))).statusCode).toBe(200)
    // Unknown logins answer as a wrong password does, after the same argon2 work (the decoy's verification).
    const verifications = passwordVerifications()
    expect((await post({ login: 'no-such-op', password: 'x', code: '123456' })).statusCode).toBe(401)
    expect(passwordVerifications() - verifications).toBe(1)
  })

  /** A console sign-in from a given client address. */
  const signInFrom = (remoteAddress: string, login: string, password: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/ops/session', remoteAddress, payload: { login, password, code } })
  const wrongTotp = (code: string) => (code === '000000' ? '111111' : '000000')

  it('a stranger guessing from one address stops that address only: the operator signs in from theirs (issue 18)', async () => {
    const op = await enrol('operator')
    const { login } = op.operator
    tick(31)
    const right = () => totpCode(op.totpSecret, clock.now())
    // Five failures from the stranger's address, with a wrong password or a wrong code.
    for (let i = 0; i < 5; i++) {
      const answer = await signInFrom(
        '198.51.100.7',
        login,
        i % 2 === 0 ? `guess-${i}` : op.password,
        i % 2 === 0 ? right() : wrongTotp(right()),
      )
      expect(answer.statusCode).toBe(401)
    }
    const stopped = await signInFrom('198.51.100.7', login, op.password, right())
    expect(stopped.statusCode).toBe(429)
    expect(json(stopped)).toMatchObject({ code: 'RATE_LIMITED' })
    // The operator's right password and code from their own address are admitted.
    const own = await signInFrom('203.0.113.5', login, op.password, right())
    expect(own.statusCode, own.body).toBe(200)
  })

  // Strangers without the password lock nothing, and the operator's code ends a lock: test/routes/sign-in-lockout.test.ts.
  it('past 10 wrong codes a day with the right password, new addresses wait; an admin reset ends it', async () => {
    const op = await enrol('operator')
    const { login } = op.operator
    const right = () => totpCode(op.totpSecret, clock.now())
    tick(31)
    expect((await signInFrom('203.0.113.6', login, op.password, right())).statusCode).toBe(200)
    for (let a = 1; a <= 10; a++) {
      const guess = await signInFrom(`198.51.100.${a}`, login, op.password, wrongTotp(right()))
      expect(guess.statusCode).toBe(401)
    }
    tick(31)
    const stranger = await signInFrom('198.51.100.99', login, op.password, right())
    expect(stranger.statusCode).toBe(429)
    const wait = json<{ details: { wait: number } }>(stranger).details.wait
    expect(wait).toBeGreaterThan(23 * 3600)
    // The console shows the login as locked while it is closed to new addresses.
    const listed = json<{ login: string; lockedUntil: string | null }[]>(
      await asAdmin('GET', '/ops/operators'),
    )
    expect(listed.find((row) => row.login === login)?.lockedUntil).not.toBeNull()
    // An admin's reset of the credentials forgets the failures: the new ones work from a new address.
    const reset = json<OperatorEnrolment>(await asAdmin('POST', `/ops/operators/${login}/reset`))
    tick(31)
    const fresh = await signInFrom(
      '198.51.100.99',
      login,
      reset.password,
      totpCode(reset.totpSecret, clock.now()),
    )
    expect(fresh.statusCode, fresh.body).toBe(200)
  })

  it('writes an audit row with every change and only then; reasons are required; nothing changes it', async () => {
    const op = await enrol('operator')
    const s = await login(op)
    const before = await auditCount()
    // A refused change (no reason) and a failed one (unknown invoice) write nothing.
    expect((await s.call('POST', `/ops/invoices/${PARAMS.uid}/reject`, {})).statusCode).toBe(400)
    expect(
      (await s.call('POST', `/ops/invoices/${PARAMS.uid}/reject`, { reason: 'duplicate' })).statusCode,
    ).toBe(404)
    expect(await auditCount()).toBe(before)

    await openPayments(opsOf(t.app))
    const u = await newUser(t.app)
    await acceptedAccounts(t.database.db, await userIdOf(t.database.db, u.telegramId), [5_000_000n])
    const { uid } = json<{ uid: string }>(await u.post('/invoices/request-invoice'))
    const afterSetup = await auditCount()
    const rejected = await s.call('POST', `/ops/invoices/${uid}/reject`, { reason: 'accounts were resold' })
    expect(rejected.statusCode, rejected.body).toBe(200)
    expect(await auditCount()).toBe(afterSetup + 1)
    const page = json<{ items: Record<string, unknown>[] }>(
      await s.call('GET', `/ops/audit?objectType=invoice&objectId=${uid}`),
    )
    expect(page.items).toHaveLength(1)
    expect(page.items[0]).toMatchObject({
      actor: op.operator.login,
      action: 'invoice.reject',
      objectId: uid,
      reason: 'accounts were resold',
      before: { confirmationStatus: 'pending' },
      after: { confirmationStatus: 'rejected' },
    })
    // The date filters take ISO 8601 or epoch seconds; anything else is a 400.
    const inWindow = (from: string, to: string) =>
      s.call('GET', `/ops/audit?objectType=invoice&objectId=${uid}&from=${from}&to=${to}`)
    const hour = 3600
    const nowSeconds = Math.floor(Date.now() / 1000)
    const around = json<{ items: unknown[] }>(
      await inWindow(String(nowSeconds - hour), String(nowSeconds + hour)),
    )
    expect(around.items).toHaveLength(1)
    const iso = (seconds: number) => new Date(seconds * 1000).toISOString()
    const before1h = json<{ items: unknown[] }>(
      await inWindow(iso(nowSeconds - 2 * hour), iso(nowSeconds - hour)),
    )
    expect(before1h.items).toHaveLength(0)
    expect((await inWindow('yesterday', 'today')).statusCode).toBe(400)
    // The API has no call that changes the log, and the database refuses it too.
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const)
      expect([403, 404]).toContain((await asAdmin(method, '/ops/audit', {})).statusCode)
    await expect(t.database.db.execute(sql`update audit_log set reason = 'x'`)).rejects.toThrow()
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow()
  })

  it('four eyes: a payout above the set amount needs another operator’s approval before it is sent', async () => {
    const ops = opsOf(t.app)
    await openPayments(ops, { payout_approval_above: '10' })
    const u = await newUser(t.app)
    await acceptedAccounts(t.database.db, await userIdOf(t.database.db, u.telegramId), [20_000_000n])
    const { uid } = json<{ uid: string }>(await u.post('/invoices/request-invoice'))
    await opsOk(ops, 'POST', `/ops/invoices/${uid}/confirm`)
    const paid = await u.post(`/invoices/${uid}/request-payment-crypto`, {
      receiverAddress: VALID.bsc,
      network: 'BSC',
      token: 'USDT',
    })
    expect(paid.statusCode, paid.body).toBeLessThan(300)
    const [payout] = json<{ items: { uid: string }[] }>(
      await ops('GET', '/ops/transactions?status=pending'),
    ).items
    if (!payout) throw new Error('no pending payout')

    const aliceEnrolment = await enrol('operator')
    const bobEnrolment = await enrol('operator')
    tick(24 * 3600) // new operators sign large payouts a day after joining (ops-four-eyes.test.ts)
    const alice = await login(aliceEnrolment)
    const bob = await login(bobEnrolment)
    const refused = await alice.call('POST', `/ops/transactions/${payout.uid}/broadcast`, {})
    expect(refused.statusCode).toBe(409)
    // Alice's own approval does not let her send it.
    expect(json(await alice.call('POST', `/ops/transactions/${payout.uid}/approve`, {}))).toMatchObject({
      required: true,
    })
    const own = await alice.call('POST', `/ops/transactions/${payout.uid}/broadcast`, {})
    expect(own.statusCode).toBe(409)
    expect(json(own).message).toMatch(/approval is needed first \(.*'s own approval does not count\)$/)
    // Bob approved it: Alice may send it now.
    await bob.call('POST', `/ops/transactions/${payout.uid}/approve`, {})
    const sent = await alice.call('POST', `/ops/transactions/${payout.uid}/broadcast`, {})
    expect(sent.statusCode, sent.body).toBe(200)
    expect(json(sent)).toMatchObject({ status: 'broadcasting' })
  })

  it('blocking a user stops their tokens at once; unblocking lets them sign in again', async () => {
    const u = await newUser(t.app)
    expect((await u.get('/dashboard')).statusCode).toBe(200)
    expect((await asAdmin('POST', `/ops/users/${u.telegramId}/block`, {})).statusCode).toBe(400) // reason required
    const blocked = await asAdmin('POST', `/ops/users/${u.telegramId}/block`, {
      reason: 'sold accounts twice',
    })
    expect(blocked.statusCode, blocked.body).toBe(200)
    // The user as operators read them: both names (the console's user page shows the last name too).
    expect(json(blocked)).toMatchObject({ blocked: true, firstName: 'Test', lastName: 'User' })
    expect((await u.get('/dashboard')).statusCode).toBe(401)
    const unblocked = await asAdmin('DELETE', `/ops/users/${u.telegramId}/block`)
    expect(json(unblocked)).toMatchObject({ blocked: false })
    expect((await u.get('/dashboard')).statusCode).toBe(200)
    const audit = json<{ items: { action: string; reason: string | null }[] }>(
      // Under the user's own id (uid), whichever id the path named.
      await asAdmin('GET', `/ops/audit?objectType=user&objectId=${json<{ uid: string }>(blocked).uid}`),
    )
    expect(audit.items.map((item) => [item.action, item.reason])).toEqual([
      ['user.unblock', null],
      ['user.block', 'sold accounts twice'],
    ])
  })

  it('a viewer reads but changes nothing; a disabled operator’s token and sessions stop working', async () => {
    const viewer = await enrol('viewer')
    const s = await login(viewer)
    expect((await s.call('GET', '/ops/invoices')).statusCode).toBe(200)
    expect((await s.call('POST', `/ops/invoices/${PARAMS.uid}/confirm`, {})).statusCode).toBe(403)
    const token = json<{ token: string }>(
      await asAdmin('POST', `/ops/operators/${viewer.operator.login}/token`),
    ).token
    expect((await withToken(token)('GET', '/ops/ledger')).statusCode).toBe(200)
    expect(
      (await asAdmin('PATCH', `/ops/operators/${viewer.operator.login}`, { disabled: true })).statusCode,
    ).toBe(200)
    expect((await withToken(token)('GET', '/ops/ledger')).statusCode).toBe(401)
    expect((await s.call('GET', '/ops/session')).statusCode).toBe(401)
  })

  it('the overview is the service’s: its time is the context clock, owed is available plus unpaid invoices', async () => {
    const u = await newUser(t.app)
    tick(90 * 60) // an hour and a half ahead of the wall clock
    const overview = () => asAdmin('GET', '/ops/overview').then((answer) => json<Overview>(answer))
    const before = await overview()
    expect(before.at).toBe(clock.now().toISOString())
    await acceptedAccounts(t.database.db, await userIdOf(t.database.db, u.telegramId), [
      1_250_000n,
      2_500_000n,
    ])
    const after = await overview()
    expect(Number(after.owed) - Number(before.owed)).toBeCloseTo(3.75, 6)
    const ledger = json<{ totals: { available: string; onUnpaidInvoices: string; paid: string } }>(
      await asAdmin('GET', '/ops/ledger'),
    )
    expect(Number(after.owed)).toBeCloseTo(
      Number(ledger.totals.available) + Number(ledger.totals.onUnpaidInvoices),
      6,
    )
    expect(after.paidTotal).toBe(ledger.totals.paid)
  })

  it('the overview shows the last periodic ledger check (its time, its count, the first 100 problems), never runs it', async () => {
    const overview = () => asAdmin('GET', '/ops/overview').then((answer) => json<Overview>(answer))
    await t.database.db.execute(sql`delete from ledger_checks`)
    expect(await overview()).toMatchObject({ ledgerCheck: null, ledgerProblems: [] })
    const checkedAt = new Date(clock.now().getTime() - 5 * 60_000)
    const problems = Array.from({ length: 150 }, (_, i) => `user ${i}: does not add up`)
    await recordLedgerCheck(t.database.db, { checkedAt, problems, durationMs: 10 })
    const shown = await overview()
    expect(shown.ledgerCheck).toEqual({ at: checkedAt.toISOString(), problems: 150 })
    expect(shown.ledgerProblems).toEqual(problems.slice(0, LEDGER_PROBLEMS_KEPT))
  })
})
