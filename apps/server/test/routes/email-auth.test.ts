/**
 * Email and password sign-in over HTTP on every database, against a real SMTP server (smtp-server, read with
 * mailparser): the code that arrives is the one that works; expired, reused, wrong and brute-forced codes fail;
 * flood, domain and referral rules; duplicate and concurrent registrations; binding to a Telegram user; login
 * before verification; resets that revoke refresh tokens; an SMTP server down then up; several workers; bad
 * bodies; and no password, code or token in the server log or the tables (docs/email-auth.md).
 */
import { PassThrough } from 'node:stream'
import type { Dashboard, TokenPair } from '@app/contract'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { DEMO_INVITE_CODE, DEMO_REFERRER } from '#dev/demo/demo-data.ts'
import { passwordVerifications, seal } from '#lib/crypto.ts'
import { languageFromHeader } from '#modules/email-auth/routes.ts'
import { deriveEmailKeys } from '#modules/email-outbox/email-keys.ts'
import { insertOutboxMail } from '#modules/email-outbox/repository.ts'
import { createEmailOutboxService } from '#modules/email-outbox/service.ts'
import { createSmtpTransport } from '#modules/email-outbox/transport.ts'
import { type Config, loadConfig } from '#src/config.ts'
import {
  authorize,
  bearer,
  buildAppOn,
  createTestApp,
  json,
  TEST_AUTH_SECRET,
  TEST_OPS_TOKEN,
  type TestApp,
  testConfig,
} from '../helpers/app.ts'
import { movableClock } from '../helpers/clock.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import {
  emailCalls,
  freshEmail,
  registerEmail,
  type SeenSecrets,
  seenSecrets,
  wrongCode,
} from '../helpers/email-auth.ts'
import { freshTelegramUser } from '../helpers/init-data.ts'
import { opsOf } from '../helpers/payments.ts'
import { startSmtp, TEST_SMTP_CA_FILE, type TestSmtp } from '../helpers/smtp.ts'

describe('Accept-Language', () => {
  it('picks the first of en and fa the header prefers, else English', () => {
    expect(languageFromHeader('fa-IR,fa;q=0.9,en;q=0.8')).toBe('fa')
    expect(languageFromHeader('de-DE,en;q=0.5,fa;q=0.9')).toBe('fa')
    expect(languageFromHeader('de, fr')).toBe('en')
    expect(languageFromHeader(undefined)).toBe('en')
    expect(languageFromHeader('fa;q=0')).toBe('en')
  })
})

describe('SMTP_URL', () => {
  it('takes smtp:// and smtps:// and refuses anything else', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).smtpUrl).toBe(
      'smtps://u:p@mail.example.com:465',
    )
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/smtp:\/\/ or smtps:\/\//)
    expect(loadConfig({}).mailFrom).toMatch(/@/)
    expect(loadConfig({ MAIL_FROM: 'Supply <mail@example.com>' }).mailFrom).toBe('Supply <mail@example.com>')
    expect(loadConfig({ SMTP_CA_FILE: TEST_SMTP_CA_FILE }).smtpCaFile).toBe(TEST_SMTP_CA_FILE)
    expect(() => loadConfig({ SMTP_CA_FILE: '/no/such/ca.pem' })).toThrow(/SMTP_CA_FILE: no such file/)
  })
})

/**
 * Each transport through an app of its own on one database (PGlite: transports do not depend on the database): the
 * base app runs no outbox worker, so the app under test is the only one delivering.
 */
describe('transports: the dev outbox (no SMTP_URL), smtps:// and STARTTLS', () => {
  let base: TestApp
  beforeAll(async () => {
    base = await createTestApp('pglite')
  }, 60_000)
  afterAll(async () => {
    await base?.close()
  })
  /** An app on the base's database whose worker delivers with `config`'s transport. */
  const deliveringApp = async (config: Partial<Config>) => {
    const settings = base.config.emailAuth
    const app = await buildAppOn(base, {
      config: { ...config, emailAuth: { ...settings, outbox: { ...settings.outbox, pollMs: 50 } } },
    })
    onTestFinished(() => app.close())
    return app
  }
  type Outbox = { smtp: boolean; mails: { to: string; subject: string; code: string }[] }
  /** Registers `email` through an app delivering to the dev outbox; the outbox as `reader` serves it once it came. */
  const mailedToDevOutbox = async (email: string, reader?: FastifyInstance) => {
    const app = await deliveringApp({ smtpUrl: undefined })
    const registered = await registerEmail(app, email)
    expect(registered.statusCode, registered.body).toBe(201)
    let outbox: Outbox = { smtp: true, mails: [] }
    for (let i = 0; i < 200 && !outbox.mails.some((m) => m.to === email); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      outbox = json<Outbox>(await (reader ?? app).inject({ method: 'GET', url: '/simulator/outbox' }))
    }
    return { app, outbox }
  }

  it('keeps the mail for the simulator panel, whose code finishes the registration', async () => {
    const email = freshEmail()
    const { app, outbox } = await mailedToDevOutbox(email)
    expect(outbox.smtp).toBe(false)
    const mail = outbox.mails.find((m) => m.to === email)
    expect(mail).toMatchObject({
      subject: 'Your email confirmation code',
      code: expect.stringMatching(/^\d{5}$/),
    })
    const confirmed = await app.inject({
      method: 'POST',
      url: '/auth/email-verification-confirm',
      payload: { email, code: mail?.code, password: 'first-pass-1' },
    })
    expect(confirmed.statusCode).toBe(204)
    // The row keeps its payload sealed, never the code in plain text.
    const rows = (await base.database.db.execute(
      sql`select payload from email_outbox where recipient = ${email}`,
    )) as { rows: { payload: string }[] }
    expect(rows.rows[0]?.payload).toMatch(/^v1\./)
    expect(rows.rows[0]?.payload).not.toContain(mail?.code ?? 'none')
  })

  it('is never served in production, even with the simulator on and mail waiting in it', async () => {
    const email = freshEmail()
    const { outbox } = await mailedToDevOutbox(email, base.app)
    expect(outbox.mails.map((mail) => mail.to)).toContain(email)
    const production = await buildAppOn(base, { config: { isProduction: true, simulator: true } })
    onTestFinished(() => production.close())
    const answer = await production.inject({ method: 'GET', url: '/simulator/outbox' })
    expect(answer.statusCode).toBe(404)
    expect(answer.body).not.toMatch(/"code"\s*:\s*"\d{5}"/)
    // The rest of the simulator stays as configured.
    expect((await production.inject({ method: 'GET', url: '/simulator/config.json' })).statusCode).toBe(200)
  })

  it.each(['smtps', 'starttls'] as const)('delivers over %s, From as MAIL_FROM says', async (security) => {
    const smtp = await startSmtp(security)
    onTestFinished(() => smtp.close())
    // Without the CA the certificate is refused: TLS is checked, not merely used.
    const untrusted = createSmtpTransport(smtp.url, { from: 'a@example.com', passwordOnlyOverTls: true })
    onTestFinished(() => untrusted.close())
    await expect(untrusted.send({ to: 'b@example.com', subject: 's', text: 't', html: 'h' })).rejects.toThrow(
      /self-signed certificate/,
    )
    const app = await deliveringApp({
      // STARTTLS or nothing: nodemailer's requireTLS, in the URL's query.
      smtpUrl: security === 'starttls' ? `${smtp.url}?requireTLS=true` : smtp.url,
      smtpCaFile: TEST_SMTP_CA_FILE,
      mailFrom: 'Supply Desk <desk@example.com>',
    })
    const email = freshEmail()
    const registered = await registerEmail(app, email)
    expect(registered.statusCode, registered.body).toBe(201)
    const mail = await smtp.waitFor(email)
    expect(mail).toMatchObject({ secure: true, from: '"Supply Desk" <desk@example.com>' })
    const confirmed = await app.inject({
      method: 'POST',
      url: '/auth/email-verification-confirm',
      payload: { email, code: mail.code, password: 'first-pass-1' },
    })
    expect(confirmed.statusCode).toBe(204)
  })
})

describe.each(DATABASE_KINDS)('email sign-in on %s', (kind) => {
  const MAIL_FROM = 'Account Supply Codes <codes@supply.example>'
  let t: TestApp
  let smtp: TestSmtp
  const log: string[] = []
  /** Every secret the suite used or saw: none may be in the log or the tables at the end (afterAll). */
  const secrets = seenSecrets()
  const { now: clock, later } = movableClock()

  beforeAll(async () => {
    smtp = await startSmtp()
    const logStream = new PassThrough()
    logStream.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')))
    const base = testConfig()
    t = await createTestApp(kind, {
      config: {
        smtpUrl: smtp.url,
        mailFrom: MAIL_FROM,
        logLevel: 'debug',
        emailAuth: {
          ...base.emailAuth,
          outbox: { ...base.emailAuth.outbox, pollMs: 50, backoffBaseMs: 100, backoffMaxMs: 400 },
        },
      },
      deps: { logStream, now: clock },
    })
  }, 60_000)
  afterAll(async () => {
    try {
      // Every secret the suite used or saw, whichever order its tests ran in: none in the log or a table.
      if (t) expect((await leaksOf(secrets)).leaks).toEqual([])
    } finally {
      await t?.close()
      await smtp?.close()
    }
  })

  /** Each secret of `seen` that the log or a table holds in plain text, once the mail worker is done. */
  const leaksOf = async (seen: SeenSecrets) => {
    await new Promise((resolve) => setTimeout(resolve, 300))
    const tables = (await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as { rows: { table_name: string }[] }
    let dump = ''
    for (const { table_name } of tables.rows) {
      const rows = (await t.database.db.execute(
        sql.raw(`select row_to_json(t)::text as row from "${table_name}" t`),
      )) as { rows: { row: string }[] }
      dump += rows.rows.map((r) => r.row).join('\n')
    }
    const logText = log.join('')
    const leaks: string[] = []
    const asWord = (value: string) => new RegExp(`(?<![0-9A-Za-z])${value}(?![0-9A-Za-z])`)
    for (const [where, text] of [
      ['log', logText],
      ['tables', dump],
    ] as const) {
      for (const password of seen.passwords)
        if (text.includes(password)) leaks.push(`${where}: password ${password}`)
      for (const token of seen.tokens)
        if (text.includes(token)) leaks.push(`${where}: token ${token.slice(0, 8)}…`)
      for (const code of seen.codes) if (code && asWord(code).test(text)) leaks.push(`${where}: code ${code}`)
    }
    // The SMTP password is not logged either.
    if (logText.includes('smtp-test-password')) leaks.push('log: the SMTP password')
    return { leaks, dump, logText }
  }

  /** Each test's own client address: the hourly code limit per address never counts another test's requests. */
  let clientAddress = ''
  let tests = 0
  beforeEach(() => {
    tests += 1
    clientAddress = `198.18.${Math.floor(tests / 250)}.${(tests % 250) + 1}`
  })
  const { post, register, codeOf, confirm, login } = emailCalls(
    () => t.app,
    () => smtp,
    secrets,
    () => clientAddress,
  )
  const registered = async (password = 'first-pass-1', domain?: string) => {
    const email = freshEmail(domain)
    const response = await register(email, password)
    expect(response.statusCode, response.body).toBe(201)
    return { email, password, code: await codeOf(email) }
  }
  const verified = async (password = 'first-pass-1') => {
    const r = await registered(password)
    expect((await confirm(r.email, r.code)).statusCode).toBe(204)
    return r
  }

  it('registers (201), mails the code in English, and the code that arrived verifies; login gives tokens', async () => {
    const email = freshEmail()
    const response = await register(`  ${email.toUpperCase()} `, 'first-pass-1')
    expect(response.statusCode, response.body).toBe(201)
    expect(json(response)).toEqual({ email })
    const mail = await smtp.waitFor(email)
    expect(mail.from).toBe('"Account Supply Codes" <codes@supply.example>')
    expect(mail.subject).toBe('Your email confirmation code')
    expect(mail.html).toContain(mail.code)
    expect(mail.html).toContain('dir="ltr"')
    const code = await codeOf(email)
    expect((await login(email, 'first-pass-1')).statusCode).toBe(403)
    expect(json(await login(email, 'first-pass-1')).code).toBe('EMAIL_NOT_VERIFIED')
    expect((await confirm(email, code)).statusCode).toBe(204)
    const ok = await login(email.toUpperCase(), 'first-pass-1')
    expect(ok.statusCode, ok.body).toBe(200)
    const pair = json<TokenPair>(ok)
    const dashboard = json<Dashboard>(
      await t.app.inject({ method: 'GET', url: '/dashboard', headers: bearer(pair.accessToken) }),
    )
    expect(dashboard.user.email).toBe(email)
    expect(dashboard.user.referrerTelegramId).toBe(DEMO_REFERRER.telegramId)
    // The refresh token rotates as Telegram's does.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      headers: bearer(pair.refreshToken),
    })
    expect(refreshed.statusCode).toBe(200)
    secrets.tokens.add(json<TokenPair>(refreshed).refreshToken)
    secrets.tokens.add(json<TokenPair>(refreshed).accessToken)
    // The user has no Telegram id; the channel check answers without one.
    const rows = (await t.database.db.execute(
      sql`select u.telegram_id from users u join email_identities e on e.user_id = u.id where e.email = ${email}`,
    )) as { rows: { telegram_id: unknown }[] }
    expect(rows.rows).toEqual([{ telegram_id: null }])
    const channel = await t.app.inject({
      method: 'GET',
      url: '/dashboard/channel-status',
      headers: bearer(pair.accessToken),
    })
    expect(channel.statusCode).toBe(200)
  })

  it('takes the mailed code typed in Persian digits (as an Iranian keyboard types it)', async () => {
    const r = await registered()
    const persian = r.code.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)))
    const confirmed = await confirm(r.email, persian)
    expect(confirmed.statusCode, confirmed.body).toBe(204)
    expect((await login(r.email, r.password)).statusCode).toBe(200)
  })

  it('writes the mail in Persian, right to left, from lng or Accept-Language', async () => {
    const a = freshEmail()
    expect((await register(a, 'first-pass-1', { lng: 'fa' })).statusCode).toBe(201)
    const mailA = await smtp.waitFor(a)
    expect(mailA.subject).toBe('کد تأیید ایمیل شما')
    expect(mailA.html).toContain('dir="rtl"')
    expect(mailA.html).toContain('lang="fa"')
    const b = freshEmail()
    expect((await register(b, 'first-pass-1', {}, { 'accept-language': 'fa-IR,fa;q=0.9' })).statusCode).toBe(
      201,
    )
    expect((await smtp.waitFor(b)).subject).toBe('کد تأیید ایمیل شما')
    secrets.codes.add((await smtp.waitFor(a)).code ?? '')
    secrets.codes.add((await smtp.waitFor(b)).code ?? '')
  })

  it('answers one 401 for an unknown email and a wrong password, after the same argon2 work', async () => {
    const { email } = await verified('right-pass-1')
    const unknown = await login(freshEmail(), 'right-pass-1')
    const wrong = await login(email, 'wrong-pass-1')
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(401)
      expect(json(response)).toEqual({
        statusCode: 401,
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password',
      })
    }
    // Counted, not timed (a clock under CI load could not tell): without the decoy the unknown one runs none.
    const verificationsOf = async (address: string) => {
      const before = passwordVerifications()
      expect((await login(address, 'wrong-pass-2')).statusCode).toBe(401)
      return passwordVerifications() - before
    }
    expect(await verificationsOf(freshEmail())).toBe(1)
    expect(await verificationsOf(email)).toBe(1)
  })

  it('refuses a wrong code (with the tries left), a reused one, an expired one', async () => {
    const r = await registered()
    const wrong = await confirm(r.email, wrongCode(r.code))
    expect(wrong.statusCode).toBe(401)
    expect(json(wrong)).toMatchObject({
      code: 'INVALID_CODE',
      message: 'Invalid OTP code',
      details: { attemptsLeft: 4 },
    })
    expect((await confirm(r.email, r.code)).statusCode).toBe(204)
    expect((await confirm(r.email, r.code)).statusCode).toBe(401)

    const s = await registered()
    later(10 * 60 + 1)
    expect((await confirm(s.email, s.code)).statusCode).toBe(401)
    // A new code works.
    expect((await post('/auth/email-verification-request', { email: s.email })).statusCode).toBe(204)
    expect((await confirm(s.email, await codeOf(s.email, 2))).statusCode).toBe(204)
  })

  it('kills a code at its 5th wrong try: the right code on the 6th fails; a new code is needed', async () => {
    const r = await registered()
    for (let i = 0; i < 5; i++) expect((await confirm(r.email, wrongCode(r.code))).statusCode).toBe(401)
    const sixth = await confirm(r.email, r.code)
    expect(sixth.statusCode).toBe(401)
    expect(json(sixth)).toMatchObject({ details: { attemptsLeft: 0 } })
    later(61)
    expect((await post('/auth/email-verification-request', { email: r.email })).statusCode).toBe(204)
    const fresh = await codeOf(r.email, 2)
    expect((await confirm(r.email, r.code === fresh ? wrongCode(fresh) : r.code)).statusCode).toBe(401)
    expect((await confirm(r.email, fresh)).statusCode).toBe(204)
  })

  it('counts 10 wrong tries in parallel one after the other: 5 counted, then even the right code fails', async () => {
    const r = await registered()
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(r.email, wrongCode(r.code))))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(401))
    const left = answers.map((a) => json<{ details: { attemptsLeft: number } }>(a).details.attemptsLeft)
    expect(left.sort()).toEqual([0, 0, 0, 0, 0, 0, 1, 2, 3, 4])
    const rows = (await t.database.db.execute(
      sql`select c.attempts from email_codes c join email_identities i on i.id = c.identity_id where i.email = ${r.email}`,
    )) as { rows: { attempts: number }[] }
    expect(rows.rows).toEqual([{ attempts: 5 }])
    const right = await confirm(r.email, r.code)
    expect(right.statusCode).toBe(401)
    expect(json(right)).toMatchObject({ details: { attemptsLeft: 0 } })
  })

  it('limits code requests per client address, whichever emails they name (429 RATE_LIMITED)', async () => {
    const { max } = t.config.emailAuth.codesPerAddress
    const from = (remoteAddress: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/email-verification-request',
        payload: { email },
        remoteAddress,
      })
    // Unknown emails (204, nothing sent) count too: asking is what is limited, not the mail.
    for (let i = 0; i < max; i++) expect((await from('203.0.113.7', freshEmail())).statusCode).toBe(204)
    const limited = await from('203.0.113.7', freshEmail())
    expect(limited.statusCode).toBe(429)
    expect(json(limited)).toMatchObject({ code: 'RATE_LIMITED', details: { wait: expect.any(Number) } })
    expect(json<{ details: { wait: number } }>(limited).details.wait).toBeGreaterThan(3500)
    // Registrations share the counter; another address is not limited.
    const register = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email: freshEmail(), password: 'first-pass-1', passwordRetype: 'first-pass-1' },
      remoteAddress: '203.0.113.7',
    })
    expect(register.statusCode).toBe(429)
    expect((await from('203.0.113.8', freshEmail())).statusCode).toBe(204)
  })

  it('floods: a code a minute and five an hour per email (EMAIL_FLOOD with the wait); an unknown email alike', async () => {
    const r = await registered()
    const soon = await post('/auth/email-verification-request', { email: r.email })
    expect(soon.statusCode).toBe(429)
    const body = json<{ code: string; details: { wait: number } }>(soon)
    expect(body.code).toBe('EMAIL_FLOOD')
    expect(body.details.wait).toBeGreaterThan(50)
    expect(body.details.wait).toBeLessThanOrEqual(60)
    for (let i = 2; i <= 5; i++) {
      later(61)
      expect((await post('/auth/email-verification-request', { email: r.email })).statusCode).toBe(204)
      await codeOf(r.email, i)
    }
    later(61)
    const sixth = await post('/auth/email-verification-request', { email: r.email })
    expect(sixth.statusCode).toBe(429)
    expect(json<{ details: { wait: number } }>(sixth).details.wait).toBeGreaterThan(3000)
    // An unknown email is answered alike (issue 37, F8), and nothing is sent.
    const unknown = freshEmail()
    expect((await post('/auth/email-verification-request', { email: unknown })).statusCode).toBe(204)
    expect(json(await post('/auth/email-verification-request', { email: unknown }))).toMatchObject({
      code: 'EMAIL_FLOOD',
    })
    expect(smtp.to(unknown)).toHaveLength(0)
    later(3600)
  })

  it('accepts only the allowed domains when operators set them (EMAIL_DOMAIN_NOT_ACCEPTABLE lists them)', async () => {
    const ops = opsOf(t.app)
    const set = await ops('PUT', '/ops/settings/email_allowed_domains', {
      value: 'Example.com, @mail.example.org',
    })
    expect(set.statusCode, set.body).toBe(200)
    expect(json(set)).toEqual({ key: 'email_allowed_domains', value: 'example.com,mail.example.org' })
    const refused = await register(freshEmail('other.net'), 'first-pass-1')
    expect(refused.statusCode).toBe(400)
    expect(json(refused)).toMatchObject({
      code: 'EMAIL_DOMAIN_NOT_ACCEPTABLE',
      details: { allowedDomains: ['example.com', 'mail.example.org'] },
    })
    expect((await register(freshEmail('mail.example.org'), 'first-pass-1')).statusCode).toBe(201)
    expect(
      (await ops('PUT', '/ops/settings/email_allowed_domains', { value: 'not a domain!' })).statusCode,
    ).toBe(400)
    expect((await ops('PUT', '/ops/settings/email_allowed_domains', { value: '' })).statusCode).toBe(200)
    expect((await register(freshEmail('other.net'), 'first-pass-1')).statusCode).toBe(201)
  })

  it('needs an admitting referral code without a session (406), as Telegram sign-in does', async () => {
    const email = freshEmail()
    for (const referralCode of [undefined, 'NOSUCHCODE', 'bad code!']) {
      const response = await post('/auth/register', {
        email,
        password: 'first-pass-1',
        passwordRetype: 'first-pass-1',
        ...(referralCode ? { referralCode } : {}),
      })
      expect(response.statusCode, `${referralCode}: ${response.body}`).toBe(
        referralCode === 'bad code!' ? 400 : 406,
      )
    }
    // An operator invite admits too (no referrer).
    const invited = await register(freshEmail(), 'first-pass-1', { referralCode: DEMO_INVITE_CODE })
    expect(invited.statusCode).toBe(201)
  })

  // Unverified emails block nobody: email-registration.test.ts, with concurrent registrations of one email.
  it('registers a verified email as any other (201, issue 37 F8), binds nothing, and tells its owner', async () => {
    const { email } = await verified()
    later(61)
    const again = await register(email, 'other-pass-1')
    expect(again.statusCode).toBe(201)
    expect(json(again)).toEqual({ email })
    const note = await smtp.waitFor(email, 2)
    expect(note.subject).toBe('Someone tried to register your email')
    expect(note.text).toContain('reset it if you forgot it')
    expect(note.code).toBeUndefined()
    expect((await login(email, 'other-pass-1')).statusCode).toBe(401)
    expect((await login(email, 'first-pass-1')).statusCode).toBe(200)
  })

  it('binds the email to the signed-in Telegram user: the same user by either way in', async () => {
    const tg = await authorize(t.app, freshTelegramUser())
    secrets.tokens.add(tg.accessToken)
    secrets.tokens.add(tg.refreshToken)
    const email = freshEmail()
    // No referral code needed: the user is already in.
    const response = await post(
      '/auth/register',
      { email, password: 'bound-pass-1', passwordRetype: 'bound-pass-1' },
      bearer(tg.accessToken),
    )
    expect(response.statusCode, response.body).toBe(201)
    // Proven by the same signed-in user (anyone else's proof binds nothing: email-registration.test.ts).
    expect((await confirm(email, await codeOf(email), bearer(tg.accessToken))).statusCode).toBe(204)
    const byEmail = json<TokenPair>(await login(email, 'bound-pass-1'))
    expect(decodeJwt(byEmail.accessToken).sub).toBe(decodeJwt(tg.accessToken).sub)
    const dashboard = json<Dashboard>(
      await t.app.inject({ method: 'GET', url: '/dashboard', headers: bearer(tg.accessToken) }),
    )
    expect(dashboard.user.email).toBe(email)
    // A second email for the same user: 409 (one sign-in email per user).
    const second = await post(
      '/auth/register',
      { email: freshEmail(), password: 'bound-pass-1', passwordRetype: 'bound-pass-1' },
      bearer(tg.accessToken),
    )
    expect(second.statusCode).toBe(409)
    // Not the 'email taken' answer: it names the email this user already signs in with.
    expect(json(second)).toMatchObject({ code: 'EMAIL_ALREADY_SET', details: { email } })
    // A token that does not work is a 401, never a registration of a new user.
    const stale = await post(
      '/auth/register',
      { email: freshEmail(), password: 'bound-pass-1', passwordRetype: 'bound-pass-1' },
      bearer('not-a-token'),
    )
    expect(stale.statusCode).toBe(401)
  })

  it('a blocked user: the right password is 403 USER_BLOCKED, a wrong one 401; a reset sends nothing (issue 37)', async () => {
    const tg = freshTelegramUser()
    const session = await authorize(t.app, tg)
    secrets.tokens.add(session.accessToken)
    secrets.tokens.add(session.refreshToken)
    const email = freshEmail()
    const registered = await post(
      '/auth/register',
      { email, password: 'blocked-pass-1', passwordRetype: 'blocked-pass-1' },
      bearer(session.accessToken),
    )
    expect(registered.statusCode, registered.body).toBe(201)
    expect((await confirm(email, await codeOf(email), bearer(session.accessToken))).statusCode).toBe(204)
    const block = (method: 'POST' | 'DELETE') =>
      t.app.inject({
        method,
        url: `/ops/users/${tg.id}/block`,
        headers: bearer(TEST_OPS_TOKEN),
        ...(method === 'POST' ? { payload: { reason: 'sold accounts twice' } } : {}),
      })
    // A reset asked before the block: its code changes nothing once the user is blocked.
    const resetBody = { email, newPassword: 'unblock-pass-1', passwordRetype: 'unblock-pass-1' }
    expect((await post('/auth/password-reset-request', resetBody)).statusCode).toBe(204)
    const earlier = await codeOf(email, 2)
    expect((await block('POST')).statusCode).toBe(200)

    const right = await login(email, 'blocked-pass-1')
    expect(json(right)).toEqual({
      statusCode: 403,
      code: 'USER_BLOCKED',
      message: 'This account has been blocked. Please contact support.',
    })
    expect(json(await login(email, 'wrong-pass-1'))).toMatchObject({
      statusCode: 401,
      code: 'INVALID_CREDENTIALS',
    })
    const confirmed = await post('/auth/password-reset-confirm', {
      email,
      code: earlier,
      newPassword: 'unblock-pass-1',
    })
    expect(json(confirmed)).toMatchObject({ statusCode: 403, code: 'USER_BLOCKED' })
    later(61)
    const reset = await post('/auth/password-reset-request', resetBody)
    expect(reset.statusCode, reset.body).toBe(204)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.to(email)).toHaveLength(2)

    // Unblocked, they sign in with the password they had, and may reset it.
    expect((await block('DELETE')).statusCode).toBe(200)
    expect((await login(email, 'blocked-pass-1')).statusCode).toBe(200)
    later(61)
    expect((await post('/auth/password-reset-request', resetBody)).statusCode).toBe(204)
    expect((await smtp.waitFor(email, 3)).subject).toBe('Your password reset code')
    await codeOf(email, 3)
  })

  it('resets the password with the code and the same new password, and revokes every refresh token', async () => {
    const { email } = await verified('old-pass-1')
    const first = json<TokenPair>(await login(email, 'old-pass-1'))
    const second = json<TokenPair>(await login(email, 'old-pass-1'))
    const request = await post('/auth/password-reset-request', {
      email,
      newPassword: 'new-pass-1',
      passwordRetype: 'new-pass-1',
    })
    expect(request.statusCode, request.body).toBe(204)
    const mail = await smtp.waitFor(email, 2)
    expect(mail.subject).toBe('Your password reset code')
    const code = await codeOf(email, 2)
    // Until confirmed, the old password is the password.
    expect((await login(email, 'new-pass-1')).statusCode).toBe(401)
    const mismatch = await post('/auth/password-reset-confirm', { email, code, newPassword: 'other-pass-1' })
    expect(mismatch.statusCode).toBe(401)
    expect(json(mismatch)).toEqual({
      statusCode: 401,
      code: 'INVALID_CODE',
      message: 'Invalid code provided',
    })
    const wrong = await post('/auth/password-reset-confirm', {
      email,
      code: wrongCode(code),
      newPassword: 'new-pass-1',
    })
    expect(wrong.statusCode).toBe(401)
    expect(
      (await post('/auth/password-reset-confirm', { email, code, newPassword: 'new-pass-1' })).statusCode,
    ).toBe(204)
    for (const pair of [first, second]) {
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/auth/refresh',
        headers: bearer(pair.refreshToken),
      })
      expect(refreshed.statusCode).toBe(401)
    }
    expect((await login(email, 'old-pass-1')).statusCode).toBe(401)
    expect((await login(email, 'new-pass-1')).statusCode).toBe(200)
    // Single use.
    expect(
      (await post('/auth/password-reset-confirm', { email, code, newPassword: 'new-pass-1' })).statusCode,
    ).toBe(401)
    const unknown = await post('/auth/password-reset-request', {
      email: freshEmail(),
      newPassword: 'new-pass-1',
      passwordRetype: 'new-pass-1',
    })
    // An unknown email is answered alike (issue 37, F8), and nothing is sent.
    expect(unknown.statusCode).toBe(204)
  })

  it('never blocks on a down SMTP server: the mail waits, is retried, and arrives once when it is up', async () => {
    await smtp.down()
    onTestFinished(() => smtp.up().catch(() => undefined))
    const email = freshEmail()
    const started = performance.now()
    expect((await register(email, 'first-pass-1')).statusCode).toBe(201)
    expect(performance.now() - started).toBeLessThan(5000)
    const failed = async () => {
      const rows = (await t.database.db.execute(
        sql`select status, attempts, last_error from email_outbox where recipient = ${email}`,
      )) as { rows: { status: string; attempts: number; last_error: string | null }[] }
      return rows.rows[0]
    }
    // Two failed tries recorded (a row may be caught mid-try, 'sending', between them).
    const settled = (row: Awaited<ReturnType<typeof failed>>) =>
      row !== undefined && row.attempts >= 2 && row.status === 'pending'
    for (let i = 0; i < 400 && !settled(await failed()); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    const row = await failed()
    expect(row?.status).toBe('pending')
    expect(row?.attempts).toBeGreaterThanOrEqual(2)
    expect(row?.last_error).toMatch(/ECONNREFUSED|connect/i)
    await smtp.up()
    const code = await codeOf(email)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(smtp.to(email)).toHaveLength(1)
    expect((await failed())?.status).toBe('sent')
    expect((await confirm(email, code)).statusCode).toBe(204)
  })

  it('never sends one mail twice with several workers claiming at once', async () => {
    const keys = deriveEmailKeys(TEST_AUTH_SECRET)
    const base = testConfig({ smtpUrl: smtp.url })
    const recipients = Array.from({ length: 12 }, () => freshEmail('workers.example'))
    await t.database.db.transaction(async (tx) => {
      for (const recipient of recipients) {
        await insertOutboxMail(tx, {
          recipient,
          kind: 'verify',
          payload: seal(
            keys.outbox,
            JSON.stringify({ subject: 's', text: 'hello', html: '<p>hello</p>', code: '' }),
          ),
          now: clock(),
        })
      }
    })
    const worker = () =>
      createEmailOutboxService({ db: t.database.db, now: clock, emailKeys: keys, config: base })
    const [a, b, c] = [worker(), worker(), worker()]
    await Promise.all([a.deliverDue(5), b.deliverDue(5), c.deliverDue(5), a.deliverDue(5), b.deliverDue(5)])
    // The app's own worker joins in too; wait until every mail is out.
    for (const recipient of recipients) await smtp.waitFor(recipient)
    await new Promise((resolve) => setTimeout(resolve, 300))
    for (const recipient of recipients) expect(smtp.to(recipient), recipient).toHaveLength(1)
  })

  it('answers 4xx, never 5xx, to bad bodies of every shape', async () => {
    const urls = [
      '/auth/register',
      '/auth/email-verification-request',
      '/auth/email-verification-confirm',
      '/auth/login',
      '/auth/password-reset-request',
      '/auth/password-reset-confirm',
    ]
    const long = 'x'.repeat(5000)
    const bodies: unknown[] = [
      undefined,
      null,
      [],
      'text',
      42,
      {},
      { email: 1, password: 2 },
      { email: 'not-an-email', password: 'first-pass-1', passwordRetype: 'first-pass-1', code: '12345' },
      {
        email: `${long}@example.com`,
        password: 'first-pass-1',
        passwordRetype: 'first-pass-1',
        code: '12345',
      },
      { email: freshEmail(), password: long, passwordRetype: long, newPassword: long, code: '12345' },
      { email: freshEmail(), password: 'short', passwordRetype: 'short', newPassword: 'short', code: '1234' },
      {
        email: freshEmail(),
        password: 'first-pass-1',
        passwordRetype: 'other-pass-1',
        newPassword: 'first-pass-1',
        code: 'abcde',
      },
      { email: [freshEmail()], password: { $gt: '' }, code: ['12345'] },
      {
        email: freshEmail(),
        password: 'first-pass-1',
        passwordRetype: 'first-pass-1',
        lng: 'de',
        code: '12345',
        newPassword: 'first-pass-1',
      },
      {
        email: freshEmail(),
        password: 'first-pass-1',
        passwordRetype: 'first-pass-1',
        referralCode: 'x',
        code: '123456',
        newPassword: 'first-pass-1',
      },
    ]
    for (const url of urls) {
      for (const body of bodies) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        })
        // Some of these bodies hold all a code request asks for (the other fields are not its): 204, as for any
        // address (issue 37, F8).
        if (!url.endsWith('-request') || response.statusCode !== 204) {
          expect(
            response.statusCode,
            `${url} ${JSON.stringify(body)?.slice(0, 80)}: ${response.body}`,
          ).toBeGreaterThanOrEqual(400)
        }
        expect(
          response.statusCode,
          `${url} ${JSON.stringify(body)?.slice(0, 80)}: ${response.body}`,
        ).toBeLessThan(500)
      }
      for (const raw of ['{', '{"email":', 'nul']) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: raw,
        })
        expect(response.statusCode, `${url} ${raw}`).toBe(400)
      }
      const form = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'text/plain' },
        payload: 'email=a',
      })
      expect(form.statusCode).toBe(415)
    }
  })

  // These move the clock by hours and days; each test starts at the real time again (movableClock).
  /** A login from a given client address; the answer's wait, when it is a 429. */
  const loginFrom = async (remoteAddress: string, email: string, password: string) => {
    secrets.passwords.add(password)
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password },
      remoteAddress,
    })
    if (response.statusCode === 200) {
      const pair = json<TokenPair>(response)
      secrets.tokens.add(pair.accessToken)
      secrets.tokens.add(pair.refreshToken)
    }
    return response
  }
  const waitOf = (response: { json(): unknown }) =>
    (response.json() as { details?: { wait?: number } }).details?.wait ?? 0

  it('a stranger guessing from one address stops that address only: the owner signs in from theirs (issue 18)', async () => {
    const { email } = await verified('right-pass-1')
    const stranger = '198.51.100.107' // not one of the next test's ten
    for (let i = 0; i < 10; i++)
      expect((await loginFrom(stranger, email, `guess-${i}-pass`)).statusCode).toBe(401)
    // The stranger's address waits, even with the right password (the spec's 429 and code, the wait in details).
    const limited = await loginFrom(stranger, email, 'right-pass-1')
    expect(limited.statusCode).toBe(429)
    expect(json(limited)).toMatchObject({ code: 'ACTION_WAIT_REQUIRED_ERROR', message: 'Too many requests.' })
    expect(waitOf(limited)).toBeGreaterThan(14 * 60)
    expect(waitOf(limited)).toBeLessThanOrEqual(15 * 60)
    // The owner, from their own address, is not stopped; nor by a stranger in the same IPv6 /64 as neither.
    expect((await loginFrom('203.0.113.20', email, 'right-pass-1')).statusCode).toBe(200)
    for (let i = 0; i < 10; i++)
      expect((await loginFrom(`2001:db8:7:7::${i + 1}`, email, `guess-${i}-pass`)).statusCode).toBe(401)
    expect((await loginFrom('2001:db8:7:7::ffff', email, 'right-pass-1')).statusCode).toBe(429)
    expect((await loginFrom('2001:db8:7:8::1', email, 'right-pass-1')).statusCode).toBe(200)
    // Once the window is over the address may try again.
    later(15 * 60 + 1)
    expect((await loginFrom(stranger, email, 'right-pass-1')).statusCode).toBe(200)
  }, 120_000) // 20 argon2 logins: 30 s was not enough on a loaded 2-core machine

  it('past 100 failures a day over every address, only addresses the email signed in from may try', async () => {
    const { email } = await verified('right-pass-1')
    const home = '203.0.113.30'
    expect((await loginFrom(home, email, 'right-pass-1')).statusCode).toBe(200)
    // Ten addresses, ten failures each: each within its own limit.
    for (let a = 1; a <= 10; a++)
      for (let i = 0; i < 10; i++)
        expect((await loginFrom(`198.51.100.${a}`, email, `guess-${a}-${i}`)).statusCode).toBe(401)
    // A new address is refused now, even with the right password, until the day's window ends...
    const stranger = await loginFrom('198.51.100.99', email, 'right-pass-1')
    expect(stranger.statusCode).toBe(429)
    expect(json(stranger)).toMatchObject({ code: 'SIGN_IN_LOCKED' })
    expect(waitOf(stranger)).toBeGreaterThan(23 * 3600)
    expect(waitOf(stranger)).toBeLessThanOrEqual(24 * 3600)
    // ...while the owner's own address signs in, and its wrong passwords still count against it alone.
    expect((await loginFrom(home, email, 'right-pass-1')).statusCode).toBe(200)
    expect((await loginFrom(home, email, 'typo-pass-1')).statusCode).toBe(401)
    expect((await loginFrom(home, email, 'right-pass-1')).statusCode).toBe(200)
    later(24 * 3600 + 1)
    expect((await loginFrom('198.51.100.99', email, 'right-pass-1')).statusCode).toBe(200)
  }, 120_000) // 100+ argon2 logins or code tries: minutes on a loaded 2-core machine

  it('allows 100 wrong code tries a day per email over all its codes, then 429 with the wait (issue 18)', async () => {
    // Code requests from an address of this test's own, so that the per-address hourly limit is not shared.
    const from = '192.0.2.44'
    const ask = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress: from })
    const reset = { newPassword: 'reset-pass-1', passwordRetype: 'reset-pass-1' }
    const email = freshEmail()
    expect((await register(email, 'first-pass-1')).statusCode).toBe(201)
    let mails = 1
    /**
     * A new code of the kind (a minute after the previous one); at most five an hour per email. A verification
     * code comes with a registration again: one waits an hour for its code.
     */
    const newCode = async (kind: 'verify' | 'reset') => {
      later(61)
      const asked =
        kind === 'verify'
          ? await register(email, 'first-pass-1')
          : await ask('/auth/password-reset-request', { email, ...reset })
      expect(asked.statusCode, asked.body).toBeLessThan(300)
      mails += 1
      return codeOf(email, mails)
    }
    /** Five wrong tries at a code (it dies at its fifth). */
    const fiveWrong = async (kind: 'verify' | 'reset', code: string) => {
      for (let i = 0; i < 5; i++) {
        const answer =
          kind === 'verify'
            ? await confirm(email, wrongCode(code))
            : await post('/auth/password-reset-confirm', {
                email,
                code: wrongCode(code),
                newPassword: 'reset-pass-1',
              })
        expect(answer.statusCode, answer.body).toBe(401)
      }
    }
    const codesTriedWrong = async (kind: 'verify' | 'reset', count: number) => {
      for (let n = 0; n < count; n++) await fiveWrong(kind, await newCode(kind))
    }
    // 50 wrong tries at verification codes over two hours, then verification with a right one (no wrong try).
    await fiveWrong('verify', await codeOf(email, 1))
    await codesTriedWrong('verify', 4)
    later(3600)
    await codesTriedWrong('verify', 5)
    later(3600)
    expect((await confirm(email, await newCode('verify'))).statusCode).toBe(204)
    // 50 more at password-reset codes: 100 in all.
    await codesTriedWrong('reset', 4)
    later(3600)
    await codesTriedWrong('reset', 5)
    later(3600)
    await codesTriedWrong('reset', 1)
    // The 101st try is refused, whatever the code: the wait until the day is over is in details.
    const code = await newCode('reset')
    const refused = await post('/auth/password-reset-confirm', { email, code, newPassword: 'reset-pass-1' })
    expect(refused.statusCode, refused.body).toBe(429)
    expect(json(refused)).toMatchObject({ code: 'ACTION_WAIT_REQUIRED_ERROR', message: 'Too many requests.' })
    const wait = json<{ details: { wait: number } }>(refused).details.wait
    // Four hours and some minutes have passed since the first wrong try.
    expect(wait).toBeGreaterThan(19 * 3600)
    expect(wait).toBeLessThan(20 * 3600)
    // A verification try at the proven address is a stranger's, and a guess of the day as at any address.
    expect((await confirm(email, wrongCode(code))).statusCode).toBe(429)
    // When the day is over a fresh code works.
    later(wait + 1)
    expect((await ask('/auth/password-reset-request', { email, ...reset })).statusCode).toBe(204)
    mails += 1
    const fresh = await codeOf(email, mails)
    const done = await post('/auth/password-reset-confirm', {
      email,
      code: fresh,
      newPassword: 'reset-pass-1',
    })
    expect(done.statusCode, done.body).toBe(204)
  }, 120_000) // 100+ argon2 logins or code tries: minutes on a loaded 2-core machine

  it('leaves no password, code or token of an email life in plain text in the log or any table', async () => {
    // A life of its own (sign-up, verification, logins, refresh, reset), so that it needs no test before it; the
    // afterAll above looks for every secret the suite saw.
    const own = seenSecrets()
    const calls = emailCalls(
      () => t.app,
      () => smtp,
      own,
      '192.0.2.77',
    )
    const email = freshEmail()
    expect((await calls.register(email, 'life-pass-1')).statusCode).toBe(201)
    expect((await calls.confirm(email, await calls.codeOf(email, 1))).statusCode).toBe(204)
    const pair = json<TokenPair>(await calls.login(email, 'life-pass-1'))
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      headers: bearer(pair.refreshToken),
    })
    expect(refreshed.statusCode).toBe(200)
    calls.tokensOf(json<TokenPair>(refreshed))
    expect((await calls.login(email, 'wrong-pass-1')).statusCode).toBe(401)
    expect((await calls.requestReset(email, 'life-pass-2')).statusCode).toBe(204)
    expect((await calls.confirmReset(email, await calls.codeOf(email, 2), 'life-pass-2')).statusCode).toBe(
      204,
    )
    expect((await calls.login(email, 'life-pass-2')).statusCode).toBe(200)
    for (const kind of ['passwords', 'codes', 'tokens'] as const)
      for (const value of own[kind]) secrets[kind].add(value)
    expect([own.passwords.size, own.codes.size]).toEqual([3, 2])
    expect(own.tokens.size).toBeGreaterThanOrEqual(4)
    const { leaks, dump, logText } = await leaksOf(own)
    expect(dump).toContain(email)
    expect(logText.length).toBeGreaterThan(1000)
    expect(leaks).toEqual([])
  })
})
