/**
 * In production the SMTP password never travels in clear (docs/email-auth.md, 'Transport'): against a real SMTP
 * server that offers no STARTTLS, mail whose URL holds a password is not sent, the password never reaches the
 * server, and one log line (without the password) says why; SMTP_ALLOW_PLAINTEXT=1 lets it through for a local
 * relay; a server with STARTTLS gets the password and the mail over TLS without `?requireTLS` in the URL.
 */
import { PassThrough } from 'node:stream'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { type Config, loadConfig } from '#src/config.ts'
import { buildAppOn, createTestApp, TEST_AUTH_SECRET, type TestApp } from '#test-helpers/app.ts'
import { DATABASE_KINDS } from '#test-helpers/database.ts'
import { registerEmail } from '#test-helpers/email-auth.ts'
import { SMTP_PASSWORD, startSmtp, TEST_SMTP_CA_FILE } from '#test-helpers/smtp.ts'

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  TELEGRAM_BOT_TOKEN: '123456:production-token',
  ACCOUNT_PROVIDER: 'sandbox',
  CHAIN_VERIFICATION: 'off',
  AUTH_SECRET: TEST_AUTH_SECRET,
  SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:2525`,
}

describe('SMTP_ALLOW_PLAINTEXT', () => {
  it('is off in production unless set, and on in development', () => {
    expect(loadConfig(PRODUCTION_ENV).smtpAllowPlaintext).toBe(false)
    expect(loadConfig({ ...PRODUCTION_ENV, SMTP_ALLOW_PLAINTEXT: '1' }).smtpAllowPlaintext).toBe(true)
    expect(loadConfig({ SMTP_URL: PRODUCTION_ENV.SMTP_URL }).smtpAllowPlaintext).toBe(true)
    expect(() => loadConfig({ SMTP_ALLOW_PLAINTEXT: 'maybe' })).toThrow(/SMTP_ALLOW_PLAINTEXT/)
  })
})

let serial = 0
const freshEmail = () => `smtp-tls-${Date.now().toString(36)}-${++serial}@example.com`

describe.each(DATABASE_KINDS)('the SMTP password in production on %s', (kind) => {
  let base: TestApp
  beforeAll(async () => {
    base = await createTestApp(kind)
  }, 60_000)
  afterAll(async () => {
    await base?.close()
  })
  // Refused mail waits for a retry: the next test's app, talking to another server, must not pick it up.
  afterEach(async () => {
    await base.database.db.execute(sql`update email_outbox set status = 'failed' where status <> 'sent'`)
  })

  /** A production app on the base's database whose worker delivers over `smtpUrl`; its log lines, parsed. */
  const productionApp = async (smtpUrl: string, env: Record<string, string> = {}) => {
    const production = loadConfig({ ...PRODUCTION_ENV, SMTP_URL: smtpUrl, ...env })
    const settings = base.config.emailAuth
    const log: { level: number; msg: string; line: string }[] = []
    const logStream = new PassThrough()
    logStream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        const { level, msg } = JSON.parse(line) as { level: number; msg: string }
        log.push({ level, msg, line })
      }
    })
    const config: Partial<Config> = {
      isProduction: true,
      smtpUrl: production.smtpUrl,
      smtpAllowPlaintext: production.smtpAllowPlaintext,
      smtpCaFile: TEST_SMTP_CA_FILE,
      logLevel: 'debug',
      emailAuth: { ...settings, outbox: { ...settings.outbox, pollMs: 50 } },
    }
    const app = await buildAppOn(base, { config, deps: { logStream } })
    onTestFinished(() => app.close())
    return { app, log }
  }
  const register = async (app: FastifyInstance, email: string) => {
    const response = await registerEmail(app, email)
    expect(response.statusCode, response.body).toBe(201)
  }
  type OutboxRow = { recipient: string; status: string; attempts: number; last_error: string | null }
  const outboxRows = async (recipients: string[]) => {
    const result = (await base.database.db.execute(
      sql`select recipient, status, attempts, last_error from email_outbox
          where recipient in (${sql.join(
            recipients.map((r) => sql`${r}`),
            sql`, `,
          )}) order by id`,
    )) as { rows: OutboxRow[] }
    return result.rows
  }

  it('refuses a server without STARTTLS: no AUTH, no mail, one clear log line without the password', async () => {
    const smtp = await startSmtp('plain')
    onTestFinished(() => smtp.close())
    const { app, log } = await productionApp(smtp.url)
    const emails = [freshEmail(), freshEmail(), freshEmail()]
    for (const email of emails) await register(app, email)
    let rows: OutboxRow[] = []
    for (let i = 0; i < 200; i++) {
      rows = await outboxRows(emails)
      if (rows.length === emails.length && rows.every((r) => r.attempts >= 1 && r.last_error !== null)) break
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    // Each mail was tried, refused, and waits for a retry (a server that gains STARTTLS then gets it).
    expect(rows).toHaveLength(emails.length)
    for (const row of rows) {
      expect(row.status).toBe('pending')
      expect(row.last_error).toMatch(/offers no STARTTLS: mail not sent/)
    }
    expect(smtp.auths).toEqual([])
    expect(smtp.mails).toEqual([])
    const refusals = log.filter((l) => /offers no STARTTLS/.test(l.msg))
    expect(refusals).toHaveLength(1)
    expect(refusals[0]?.level).toBe(50)
    expect(refusals[0]?.msg).toMatch(
      /^SMTP server 127\.0\.0\.1:\d+ offers no STARTTLS: .*SMTP_ALLOW_PLAINTEXT=1/,
    )
    expect(log.some((l) => l.line.includes(SMTP_PASSWORD))).toBe(false)
    expect(
      log.some((l) => l.msg === 'email over SMTP' && l.line.includes('"passwordOnlyOverTls":true')),
    ).toBe(true)
  })

  it('sends to it with SMTP_ALLOW_PLAINTEXT=1 (a local relay)', async () => {
    const smtp = await startSmtp('plain')
    onTestFinished(() => smtp.close())
    const { app, log } = await productionApp(smtp.url, { SMTP_ALLOW_PLAINTEXT: '1' })
    const email = freshEmail()
    await register(app, email)
    expect(await smtp.waitFor(email)).toMatchObject({ secure: false })
    expect(smtp.auths).toEqual([{ user: 'mailer', secure: false }])
    expect(log.some((l) => l.line.includes(SMTP_PASSWORD))).toBe(false)
  })

  it('sends the password and the mail over STARTTLS when the server offers it, without ?requireTLS', async () => {
    const smtp = await startSmtp('starttls')
    onTestFinished(() => smtp.close())
    const { app } = await productionApp(smtp.url)
    const email = freshEmail()
    await register(app, email)
    expect(await smtp.waitFor(email)).toMatchObject({ secure: true })
    expect(smtp.auths).toEqual([{ user: 'mailer', secure: true }])
  })

  it('overrides a URL that asks for plaintext (?ignoreTLS=true, ?requireTLS=false)', async () => {
    const smtp = await startSmtp('plain')
    onTestFinished(() => smtp.close())
    const { app } = await productionApp(`${smtp.url}?ignoreTLS=true&requireTLS=false`)
    const email = freshEmail()
    await register(app, email)
    let rows: OutboxRow[] = []
    for (let i = 0; i < 200 && !rows[0]?.last_error; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      rows = await outboxRows([email])
    }
    expect(rows[0]?.last_error).toMatch(/offers no STARTTLS/)
    expect(smtp.auths).toEqual([])
    expect(smtp.mails).toEqual([])
  })
})
