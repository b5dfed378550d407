/**
 * Operators find, block and unblock every user, whatever way they signed in (issue 37, N4; docs/console.md, 'Blocking
 * users'): by the user's own id (uid), and by Telegram id on the old path. Found by user id, email, Telegram id or
 * an account's phone. A blocked email user's sessions stop at once and their login is refused. Over HTTP on every
 * database, codes read from a real SMTP server.
 */
import type { TokenPair } from '@app/contract'
import type { OpsUser, OpsUserFound } from '@app/contract/ops'
import { sql } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  authorize,
  bearer,
  createTestApp,
  json,
  TEST_OPS_TOKEN,
  type TestApp,
  testConfig,
} from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { emailCalls, freshEmail } from '../helpers/email-auth.ts'
import { freshTelegramUser } from '../helpers/init-data.ts'
import { acceptedAccounts } from '../helpers/payments.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'

describe.each(DATABASE_KINDS)('operators and any user on %s', (kind) => {
  let t: TestApp
  let smtp: TestSmtp

  beforeAll(async () => {
    smtp = await startSmtp()
    const base = testConfig()
    t = await createTestApp(kind, {
      config: {
        smtpUrl: smtp.url,
        emailAuth: { ...base.emailAuth, outbox: { ...base.emailAuth.outbox, pollMs: 50 } },
      },
    })
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  const ops = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url,
      headers: bearer(TEST_OPS_TOKEN),
      ...(body === undefined ? {} : { payload: body }),
    })
  const found = async (q: string) =>
    json<{ items: OpsUserFound[] }>(await ops('GET', `/ops/users?q=${encodeURIComponent(q)}`)).items
  const dashboard = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/dashboard', headers: bearer(accessToken) })
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken } })

  it("the issue's case: an email-only user is found by email, user id and phone, blocked by user id; their session ends and login is refused", async () => {
    const mail = emailCalls(
      () => t.app,
      () => smtp,
      undefined,
      '198.51.100.37',
    )
    const email = freshEmail()
    const password = 'email-only-pass-37'
    expect((await mail.register(email, password)).statusCode).toBe(201)
    expect((await mail.confirm(email, await mail.codeOf(email))).statusCode).toBe(204)
    const login = await mail.login(email, password)
    expect(login.statusCode, login.body).toBe(200)
    const session = json<TokenPair>(login)
    const uid = decodeJwt(session.accessToken).sub as string
    expect((await dashboard(session.accessToken)).statusCode).toBe(200)
    const [row] = (
      (await t.database.db.execute(sql`select id from users where uid = ${uid}::uuid`)) as {
        rows: { id: number }[]
      }
    ).rows
    const [account] = await acceptedAccounts(t.database.db, Number(row?.id), [1_000_000n])
    const phone = (
      (await t.database.db.execute(sql`select phone from accounts where uid = ${account}::uuid`)) as {
        rows: { phone: string }[]
      }
    ).rows[0]?.phone as string

    // Found by email, by the user's own id, and by an account's phone (spaces and dashes as people type it).
    const spaced = `${phone.slice(0, 2)} ${phone.slice(2, 5)}-${phone.slice(5)}`
    for (const q of [email, uid, spaced]) {
      expect(
        (await found(q)).map((u) => [u.uid, u.telegramId, u.email]),
        q,
      ).toEqual([[uid, null, email]])
    }
    const shown = json<OpsUser>(await ops('GET', `/ops/users/${uid}`))
    expect(shown).toMatchObject({ uid, telegramId: null, email, blocked: false })
    const accounts = json<{ uid: string }[]>(await ops('GET', `/ops/users/${uid}/accounts`))
    expect(accounts.map((a) => a.uid)).toEqual([account])

    const blocked = await ops('POST', `/ops/users/${uid}/block`, { reason: 'sold the same accounts twice' })
    expect(blocked.statusCode, blocked.body).toBe(200)
    expect(json(blocked)).toMatchObject({ uid, blocked: true })
    expect((await found(email))[0]?.blocked).toBe(true)
    // The session they hold stops at once: the access token and the refresh token.
    expect((await dashboard(session.accessToken)).statusCode).toBe(401)
    expect((await refresh(session.refreshToken)).statusCode).toBe(401)
    // Their right password gives no session.
    const refused = await mail.login(email, password)
    expect([401, 403], refused.body).toContain(refused.statusCode)
    expect(refused.body).not.toContain('accessToken')

    const unblocked = await ops('DELETE', `/ops/users/${uid}/block`)
    expect(json(unblocked)).toMatchObject({ uid, blocked: false })
    expect((await mail.login(email, password)).statusCode).toBe(200)
    // Audited under the user's own id, whichever way they signed in.
    const audit = json<{ items: { action: string; reason: string | null }[] }>(
      await ops('GET', `/ops/audit?objectType=user&objectId=${uid}`),
    )
    expect(audit.items.map((item) => [item.action, item.reason])).toEqual([
      ['user.unblock', null],
      ['user.block', 'sold the same accounts twice'],
    ])
  })

  it('a Telegram user: found by Telegram id and user id; the old telegramId path blocks them, the user id unblocks', async () => {
    const tg = freshTelegramUser()
    const pair = await authorize(t.app, tg)
    const uid = decodeJwt(pair.accessToken).sub as string
    for (const q of [String(tg.id), uid]) expect((await found(q)).map((u) => u.uid)).toEqual([uid])
    const blocked = await ops('POST', `/ops/users/${tg.id}/block`, { reason: 'scripted by telegram id' })
    expect(json(blocked)).toMatchObject({ uid, telegramId: tg.id, blocked: true })
    expect((await dashboard(pair.accessToken)).statusCode).toBe(401)
    expect(json(await ops('DELETE', `/ops/users/${uid}/block`))).toMatchObject({ blocked: false })
    expect(json(await ops('GET', `/ops/users/${tg.id}`))).toMatchObject({ uid, blocked: false })
  })

  it('a user id or Telegram id that names nobody is a 404; anything else is a 400', async () => {
    const nobody = await ops('POST', '/ops/users/00000000-0000-4000-8000-000000000000/block', {
      reason: 'nobody',
    })
    expect(nobody.statusCode).toBe(404)
    expect((await ops('GET', '/ops/users/999999999999')).statusCode).toBe(404)
    for (const bad of ['not-a-user', '0', '-5', '1.5', '00000000-0000-4000-8000-00000000000g']) {
      expect((await ops('GET', `/ops/users/${bad}`)).statusCode, bad).toBe(400)
    }
  })
})
