/**
 * The SMTP server and the Bot API stopped under traffic and started again (docs/resilience.md, 'Outages'): a real
 * server process, a real SMTP server (helpers/smtp.ts) and the fake Bot API (dev/fake-bot-api), both in this test
 * process so that they can be stopped and started on the same port. Traffic: email sign-ups (each mails a code) and
 * /start updates on the webhook (each queues a bot message). Both are stopped for OUTAGE_MS while it goes on: every
 * call still answers 2xx (the outboxes decouple them), each worker logs one line when its sends start failing and one
 * when they go through again (not one per try), and once both are back every mail and every bot message arrives
 * exactly once. The retries' first wait is shortened (EMAIL_RETRY_BASE_MS, BOT_RETRY_BASE_MS) to keep it short.
 */
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type Database, pgliteExtensions, wrapPglite } from '#db/client.ts'
import { DEMO_REFERRAL_CODE } from '#dev/demo/demo-data.ts'
import { type FakeBotApi, type SentMessage, startFakeBotApi } from '#dev/fake-bot-api/server.ts'
import { TEST_AUTH_SECRET, TEST_OPS_TOKEN } from '../helpers/app.ts'
import { createTestDatabase, DATABASE_KINDS } from '../helpers/database.ts'
import { TEST_BOT_TOKEN } from '../helpers/init-data.ts'
import { startSmtp } from '../helpers/smtp.ts'
import { freePort, spawnServer, useProcessFixtures, waitHealthy } from '../helpers/spawn-server.ts'

const OUTAGE_MS = 10_000
/** One sign-up and one /start every this long. */
const TRAFFIC_EVERY_MS = 250
const SECRET = 'outage-webhook-secret'
const FIRST_CHAT = 770_000_001

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const fixtures = useProcessFixtures('mail-bot-outage-')

type Call = { at: number; ms: number; what: 'sign-up' | 'start'; status: number; body: string }

describe.each(DATABASE_KINDS)('SMTP and the Bot API stopped under traffic on %s', (kind) => {
  it('calls answer 2xx, each outbox logs the outage twice, every mail and bot message arrives once after', async () => {
    const smtp = await startSmtp()
    fixtures.closeLater(() => smtp.close())
    const fakes: FakeBotApi[] = [await startFakeBotApi({ token: TEST_BOT_TOKEN })]
    fixtures.closeLater(() => Promise.all(fakes.map((fake) => fake.close())))
    const fakePort = Number(new URL(fakes[0]?.url ?? '').port)

    const dataDir = await fixtures.preparedDir()
    let useDatabase: <T>(work: (database: Database) => Promise<T>) => Promise<T>
    const env: Record<string, string> = {}
    if (kind === 'postgres') {
      const database = await createTestDatabase('postgres')
      fixtures.closeLater(() => database.dispose())
      if (!database.url) throw new Error('a PostgreSQL test database has a URL')
      env.DATABASE_URL = database.url
      useDatabase = (work) => work(database.database)
    } else {
      // Only once the server has stopped: PGlite's folder has one owner at a time.
      useDatabase = async (work) => {
        const database = wrapPglite(
          await PGlite.create(join(dataDir, 'pglite'), { extensions: pgliteExtensions }),
        )
        try {
          return await work(database)
        } finally {
          await database.close()
        }
      }
    }
    const port = await freePort()
    const server = fixtures.adopt(
      spawnServer({
        NODE_ENV: 'test',
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(dataDir, 'no-web-dist'),
        ...env,
        TRUST_PROXY: '1',
        TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
        TELEGRAM_API_ROOT: fakes[0]?.url ?? '',
        BOT_WEBHOOK_URL: `http://127.0.0.1:${port}/bot/webhook`,
        BOT_WEBHOOK_SECRET: SECRET,
        BOT_POLLING: 'false',
        SMTP_URL: smtp.url,
        AUTH_SECRET: TEST_AUTH_SECRET,
        OPS_TOKEN: TEST_OPS_TOKEN,
        DEMO_DATA: 'true',
        SIMULATOR: 'false',
        VALIDATION_POLL_MS: '0',
        EMAIL_OUTBOX_POLL_MS: '200',
        BOT_OUTBOX_POLL_MS: '200',
        EMAIL_RETRY_BASE_MS: '1000',
        BOT_RETRY_BASE_MS: '1000',
        LOG_LEVEL: 'info',
      }),
    )
    await waitHealthy(port, server, 40_000)
    const base = `http://127.0.0.1:${port}`

    const calls: Call[] = []
    const emails: string[] = []
    const chats: number[] = []
    let n = 0
    /** One user's sign-up (a code mailed) and another's /start (a message queued), each from an address of its own. */
    async function oneRound(): Promise<void> {
      const i = n++
      const email = `outage${i}@example.com`
      const chatId = FIRST_CHAT + i
      const signUp = fetch(`${base}/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.7.${i >> 8}.${i & 255}` },
        body: JSON.stringify({
          email,
          password: 'outage-pass-1',
          passwordRetype: 'outage-pass-1',
          referralCode: DEMO_REFERRAL_CODE,
        }),
      })
      const start = fetch(`${base}/bot/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
        body: JSON.stringify({
          update_id: 1000 + i,
          message: {
            message_id: i + 1,
            date: Math.floor(Date.now() / 1000),
            chat: { id: chatId, type: 'private', first_name: 'U' },
            from: { id: chatId, is_bot: false, first_name: 'U', language_code: 'en' },
            text: '/start',
            entities: [{ type: 'bot_command', offset: 0, length: 6 }],
          },
        }),
      })
      const at = Date.now()
      for (const [what, answer] of [
        ['sign-up', await signUp],
        ['start', await start],
      ] as const) {
        calls.push({ at, ms: Date.now() - at, what, status: answer.status, body: await answer.text() })
      }
      emails.push(email)
      chats.push(chatId)
    }

    // Before: both deliver.
    await oneRound()
    await smtp.waitFor(emails[0] ?? '')
    const sentNow = () => fakes.flatMap((fake) => fake.sent)
    for (let t = Date.now(); sentNow().length === 0; await sleep(50)) {
      if (Date.now() - t > 10_000)
        throw new Error(`no bot message before the outage: ${server.output().stdout}`)
    }

    let traffic = true
    const loop = (async () => {
      while (traffic) {
        await oneRound()
        await sleep(TRAFFIC_EVERY_MS)
      }
    })()
    await sleep(1000)
    const stoppedAt = Date.now()
    await Promise.all([smtp.down(), fakes[0]?.close()])
    await sleep(OUTAGE_MS)
    await smtp.up()
    fakes.push(await startFakeBotApi({ token: TEST_BOT_TOKEN, port: fakePort }))
    const startedAt = Date.now()
    await sleep(1000)
    traffic = false
    await loop
    const duringOutage = calls.filter((c) => c.at >= stoppedAt && c.at < startedAt)

    // After: every mail and every message, once each.
    const deliveredAll = () =>
      emails.every((email) => smtp.to(email).length > 0) &&
      chats.every((chat) => sentNow().some((m) => m.chat_id === chat))
    const deadline = Date.now() + 25_000
    while (!deliveredAll()) {
      if (Date.now() > deadline) break
      await sleep(100)
    }
    const allDeliveredMs = Date.now() - startedAt
    await sleep(1000) // a second delivery of any of them would have arrived by now
    await server.stop()

    expect(calls.filter((c) => c.status < 200 || c.status >= 300)).toEqual([])
    // Calls kept flowing, and none waited on SMTP's or the Bot API's timeout (10 s each: transport.ts, the bot
    // client). Counted by time, not by rate: a CI run starved of CPU made a tenth of a quiet run's calls.
    expect(duringOutage.length).toBeGreaterThanOrEqual(4)
    expect(duringOutage.filter((c) => c.ms >= 10_000).map((c) => [c.what, c.ms])).toEqual([])
    const mailsTo = (email: string) => smtp.to(email).length
    expect(emails.filter((email) => mailsTo(email) !== 1).map((email) => [email, mailsTo(email)])).toEqual([])
    const messagesTo = (chat: number) => sentNow().filter((m: SentMessage) => m.chat_id === chat).length
    expect(chats.filter((chat) => messagesTo(chat) !== 1).map((chat) => [chat, messagesTo(chat)])).toEqual([])
    expect(smtp.mails).toHaveLength(emails.length)
    expect(sentNow()).toHaveLength(chats.length)

    // The outboxes agree: every row sent, none failed for good.
    const statuses = await useDatabase(async (database) => {
      const mail = (await database.db.execute(
        sql`select status, count(*)::int as n from email_outbox group by status`,
      )) as { rows: { status: string; n: number }[] }
      const bot = (await database.db.execute(
        sql`select status, count(*)::int as n from bot_outbox group by status`,
      )) as { rows: { status: string; n: number }[] }
      return { mail: mail.rows, bot: bot.rows }
    })
    expect(statuses).toEqual({
      mail: [{ status: 'sent', n: emails.length }],
      bot: [{ status: 'sent', n: chats.length }],
    })

    // State changes only: one line when the sends start failing and one when they go through, per outbox.
    const lines = server.output().stdout.split('\n')
    const count = (words: string) => lines.filter((line) => line.includes(words)).length
    // From the stop on (the demo data's channel check warns at start-up, before it).
    const warnings = lines
      .filter((line) => /"level":(4|5|6)0/.test(line))
      .map((line) => JSON.parse(line) as { msg: string; time: number })
      .filter((entry) => entry.time >= stoppedAt)
      .map((entry) => entry.msg)
    console.log(
      `${kind}: SMTP and Bot API stopped ${startedAt - stoppedAt} ms; ${duringOutage.length} calls during it ` +
        `(statuses ${[...new Set(duringOutage.map((c) => c.status))].join(',')}); ${emails.length} mails and ` +
        `${chats.length} bot messages queued, all delivered ${allDeliveredMs} ms after the start; ` +
        `warn/error lines: ${JSON.stringify(warnings)}; ${lines.length} log lines in all`,
    )
    expect(warnings.sort()).toEqual([
      'bot messages failing; each retried with a growing wait until it is sent',
      'mail delivery failing; each mail retried with a growing wait until it goes through',
    ])
    expect(count('mail delivery works again')).toBe(1)
    expect(count('bot messages send again')).toBe(1)
    expect(count('will retry')).toBe(0)
  }, 90_000)
})
