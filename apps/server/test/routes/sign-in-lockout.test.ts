/**
 * A stranger cannot lock a sign-in's owner out (issue 37, F5; docs/console.md and docs/email-auth.md): the attacks
 * of the security test replayed over two app instances on one database (two server processes), each try from a
 * client address of its own. Strangers stay paced: their addresses wait, and guessing what matters is bounded.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '#dev/demo/demo-data.ts'
import { totpCode } from '#modules/operators/totp.ts'
import { buildAppOn, createTestApp, json, type TestApp, testConfig } from '../helpers/app.ts'
import { movableClock } from '../helpers/clock.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { freshEmail } from '../helpers/email-auth.ts'
import { operatorsOf } from '../helpers/operators.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'

type Answer = { statusCode: number; body: string; json(): unknown }

describe.each(DATABASE_KINDS)('a stranger cannot lock the owner out on %s', (kind) => {
  let t: TestApp
  let other: FastifyInstance
  let smtp: TestSmtp
  const { now: clock, later } = movableClock()

  beforeAll(async () => {
    smtp = await startSmtp()
    const base = testConfig()
    t = await createTestApp(kind, {
      config: {
        smtpUrl: smtp.url,
        emailAuth: { ...base.emailAuth, outbox: { ...base.emailAuth.outbox, pollMs: 50 } },
      },
      deps: { now: clock },
    })
    // The second server process: the same database, its own memory.
    other = await buildAppOn(t, { config: { smtpUrl: smtp.url }, deps: { now: clock } })
  }, 60_000)
  afterAll(async () => {
    await other?.close()
    await t?.close()
    await smtp?.close()
  })

  /** The attack alternates between the two processes, as a load balancer spreads it. */
  const processOf = (n: number) => (n % 2 === 0 ? t.app : other)
  const post = (app: FastifyInstance, remoteAddress: string, url: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, payload, remoteAddress })
  const waitOf = (answer: Answer) => (answer.json() as { details?: { wait?: number } }).details?.wait ?? 0
  const expectPaced = (answer: Answer, code: string, atMostSeconds: number) => {
    expect(answer.statusCode, answer.body).toBe(429)
    expect(json(answer as never)).toMatchObject({ code })
    expect(waitOf(answer)).toBeGreaterThan(0)
    expect(waitOf(answer)).toBeLessThanOrEqual(atMostSeconds)
  }

  describe('operators', () => {
    const { enrol, asAdmin } = operatorsOf(() => t.app, { now: clock, tick: later }, `lockout-${kind}`)
    const signIn = (app: FastifyInstance, from: string, login: string, password: string, code: string) =>
      post(app, from, '/ops/session', { login, password, code })
    const lockedUntil = async (login: string) =>
      json<{ login: string; lockedUntil: string | null }[]>(await asAdmin('GET', '/ops/operators')).find(
        (row) => row.login === login,
      )?.lockedUntil
    const OFFICE = '203.0.113.6'

    it('55 failures from 11 addresses leave her right password and code working from a new address; strangers wait', async () => {
      const vera = await enrol('operator')
      const { login } = vera.operator
      const code = () => totpCode(vera.totpSecret, clock())
      later(31)
      expect((await signIn(t.app, OFFICE, login, vera.password, code())).statusCode).toBe(200)
      // The attack: eleven addresses, five wrong passwords each, over both processes.
      const attack: number[] = []
      for (let a = 1; a <= 11; a++)
        for (let i = 0; i < 5; i++)
          attack.push(
            (await signIn(processOf(i), `198.51.100.${a}`, login, `guess-${a}-${i}`, '123456')).statusCode,
          )
      later(31)
      // Vera, from an address she never used, with her right password and code: in.
      const hotel = await signIn(other, '192.0.2.77', login, vera.password, code())
      expect(hotel.statusCode, hotel.body).toBe(200)
      expect(await lockedUntil(login)).toBeNull()
      // Every try of the attack was checked and failed: none closed the login.
      expect(attack).toEqual(Array(55).fill(401))
      // Each of the strangers' addresses waits out its window, the right answer included.
      later(31)
      for (let a = 1; a <= 11; a++)
        expectPaced(
          await signIn(processOf(a), `198.51.100.${a}`, login, vera.password, code()),
          'RATE_LIMITED',
          15 * 60,
        )
      // A new address of theirs has its own five failures, then waits too.
      for (let i = 0; i < 5; i++)
        expect(
          (await signIn(processOf(i), '198.51.100.12', login, `guess-12-${i}`, '123456')).statusCode,
        ).toBe(401)
      expectPaced(
        await signIn(other, '198.51.100.12', login, 'guess-12-5', '123456'),
        'RATE_LIMITED',
        15 * 60,
      )
    }, 120_000)

    it('a stranger holding the password gets 10 wrong codes a day; then new addresses wait, and her own code ends it', async () => {
      const vera = await enrol('operator')
      const { login } = vera.operator
      const code = () => totpCode(vera.totpSecret, clock())
      const wrong = () => (code() === '000000' ? '111111' : '000000')
      later(31)
      expect((await signIn(t.app, OFFICE, login, vera.password, code())).statusCode).toBe(200)
      for (let a = 1; a <= 10; a++)
        expect(
          (await signIn(processOf(a), `198.51.101.${a}`, login, vera.password, wrong())).statusCode,
        ).toBe(401)
      later(31)
      // An eleventh address is refused before its code is checked, even the right one: the guessing stops.
      const closed = await signIn(other, '198.51.101.11', login, vera.password, code())
      expectPaced(closed, 'RATE_LIMITED', 24 * 3600)
      expect(waitOf(closed)).toBeGreaterThan(23 * 3600)
      expect(await lockedUntil(login)).not.toBeNull()
      // Vera signs in from her office, where she signed in before: her code is the proof, and it ends the lock.
      expect((await signIn(t.app, OFFICE, login, vera.password, code())).statusCode).toBe(200)
      expect(await lockedUntil(login)).toBeNull()
      later(31)
      const hotel = await signIn(other, '192.0.2.78', login, vera.password, code())
      expect(hotel.statusCode, hotel.body).toBe(200)
    }, 120_000)
  })

  describe('email users', () => {
    const login = (app: FastifyInstance, from: string, email: string, password: string) =>
      post(app, from, '/auth/login', { email, password })
    const HOME = '203.0.113.30'
    const TRAVEL = '192.0.2.90'

    it('110 failures from 11 addresses: a mailed reset code ends the lock, and she signs in from a new address', async () => {
      const email = freshEmail()
      const password = 'Owner-pass-Vq83-home'
      const registered = await post(t.app, HOME, '/auth/register', {
        email,
        password,
        passwordRetype: password,
        referralCode: DEMO_REFERRAL_CODE,
      })
      expect(registered.statusCode, registered.body).toBe(201)
      const verifyCode = (await smtp.waitFor(email, 1)).code
      const verified = await post(t.app, HOME, '/auth/email-verification-confirm', {
        email,
        code: verifyCode,
        password,
      })
      expect(verified.statusCode, verified.body).toBe(204)
      expect((await login(t.app, HOME, email, password)).statusCode).toBe(200)
      // The attack: eleven addresses, ten wrong passwords each, over both processes.
      const attack: number[] = []
      for (let a = 1; a <= 11; a++)
        for (let i = 0; i < 10; i++)
          attack.push(
            (await login(processOf(i), `198.51.100.${a}`, email, `guess-${a}-${i}-pass`)).statusCode,
          )
      // A hundred failures a day were checked; then the email closed to addresses it never signed in from.
      expect(attack).toEqual([...Array(100).fill(401), ...Array(10).fill(429)])
      // Her password alone is what strangers guess, so it opens no lock from a new address; the answer says the
      // email is locked, which a reset ends...
      expectPaced(await login(other, TRAVEL, email, password), 'SIGN_IN_LOCKED', 24 * 3600)
      // ...and the strangers stay paced: their own addresses' failures, then the lock for the rest.
      for (let a = 1; a <= 11; a++)
        expectPaced(
          await login(processOf(a), `198.51.100.${a}`, email, password),
          a <= 10 ? 'ACTION_WAIT_REQUIRED_ERROR' : 'SIGN_IN_LOCKED',
          24 * 3600,
        )
      expectPaced(await login(t.app, '198.51.100.12', email, password), 'SIGN_IN_LOCKED', 24 * 3600)
      // The mailed code only she reads ends the lock: a password reset from where she is now.
      const newPassword = 'Owner-pass-Kx27-away'
      const asked = await post(other, TRAVEL, '/auth/password-reset-request', {
        email,
        newPassword,
        passwordRetype: newPassword,
      })
      expect(asked.statusCode, asked.body).toBe(204)
      const resetCode = (await smtp.waitFor(email, 2)).code
      const confirmed = await post(other, TRAVEL, '/auth/password-reset-confirm', {
        email,
        code: resetCode,
        newPassword,
      })
      expect(confirmed.statusCode, confirmed.body).toBe(204)
      const away = await login(t.app, TRAVEL, email, newPassword)
      expect(away.statusCode, away.body).toBe(200)
    }, 180_000)
  })
})
