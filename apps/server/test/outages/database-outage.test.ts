/**
 * PostgreSQL stopped under traffic and started again (docs/resilience.md, 'Outages'): a real server process on a
 * throwaway PostgreSQL of the test's own (never the machine's), operators' writes and reads every 50 ms. While the
 * database is away every call answers 503 TEMPORARILY_UNAVAILABLE with Retry-After (before: 500 INTERNAL_ERROR),
 * /livez stays 200 and /readyz is 503; the log has one line when the outage starts and one when it ends; calls
 * are served again without a restart, and every write that was acknowledged (201) is in the database. A bot update
 * on the webhook meanwhile is answered 503 too (before: 200, and the user's message was lost), so Telegram's
 * redelivery after the outage is handled, once.
 */
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { type FakeBotApi, startFakeBotApi } from '#dev/fake-bot-api/server.ts'
import { TEST_AUTH_SECRET, TEST_OPS_TOKEN } from '../helpers/app.ts'
import { TEST_BOT_TOKEN } from '../helpers/init-data.ts'
import { freePort, spawnServer, useProcessFixtures, waitHealthy } from '../helpers/spawn-server.ts'
import {
  canRunPostgres,
  createThrowawayDatabase,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../helpers/throwaway-services.ts'

const OUTAGE_MS = Number(process.env.OUTAGE_MS ?? 15_000)
const WEBHOOK_SECRET = 'outage-webhook-secret'
const CHAT = 771_000_001

/** Telegram delivering a user's /start to the webhook (the same update_id each time: a redelivery). */
const deliverStart = (base: string) =>
  fetch(`${base}/bot/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET },
    body: JSON.stringify({
      update_id: 4242,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: CHAT, type: 'private', first_name: 'U' },
        from: { id: CHAT, is_bot: false, first_name: 'U', language_code: 'en' },
        text: '/start',
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    }),
  })

type Seen = { at: number; kind: 'write' | 'read'; status: number; code?: string; retryAfter: string | null }

describe.runIf(canRunPostgres)('PostgreSQL stopped under traffic', () => {
  const fixtures = useProcessFixtures('db-outage-')
  let postgres: ThrowawayPostgres | undefined
  afterAll(async () => postgres?.destroy())

  it('answers 503 TEMPORARILY_UNAVAILABLE with Retry-After, logs the outage twice, recovers, loses no acknowledged write', async () => {
    postgres = await startThrowawayPostgres()
    const databaseUrl = await createThrowawayDatabase(postgres, 'outage')
    const telegram: FakeBotApi = await startFakeBotApi({ token: TEST_BOT_TOKEN })
    fixtures.closeLater(() => telegram.close())
    const port = await freePort()
    const server = fixtures.adopt(
      spawnServer({
        NODE_ENV: 'test',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        DATA_DIR: fixtures.tempDir(),
        TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
        AUTH_SECRET: TEST_AUTH_SECRET,
        OPS_TOKEN: TEST_OPS_TOKEN,
        DEMO_DATA: 'false',
        SIMULATOR: 'false',
        LOG_LEVEL: process.env.OUTAGE_LOG_LEVEL ?? 'info',
        TELEGRAM_API_ROOT: telegram.url,
        BOT_WEBHOOK_URL: `http://127.0.0.1:${port}/bot/webhook`,
        BOT_WEBHOOK_SECRET: WEBHOOK_SECRET,
        BOT_POLLING: 'false',
        BOT_OUTBOX_POLL_MS: '200',
        // The test's own traffic (40 calls a second) is no client to limit.
        RATE_LIMIT_MAX: '100000',
      }),
    )
    await waitHealthy(port, server).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${server.output().stderr}`)
    })
    server.exited.then(() => {
      if (traffic) console.log('server exited under traffic:', server.output().stderr.slice(-3000))
    })
    const base = `http://127.0.0.1:${port}`
    const headers = { authorization: `Bearer ${TEST_OPS_TOKEN}`, 'content-type': 'application/json' }

    let traffic = true
    const seen: Seen[] = []
    const acknowledged: string[] = []
    let writes = 0
    const one = async (kind: 'write' | 'read') => {
      const title = `outage ${++writes}`
      const response = await fetch(
        `${base}/ops/news${kind === 'read' ? '?limit=5' : ''}`,
        kind === 'write'
          ? { method: 'POST', headers, body: JSON.stringify({ en: { title, body: 'b' } }) }
          : { headers },
      )
      const body = (await response.json()) as { code?: string; uid?: string }
      seen.push({
        at: Date.now(),
        kind,
        status: response.status,
        ...(body.code ? { code: body.code } : {}),
        retryAfter: response.headers.get('retry-after'),
      })
      if (response.status === 201 && body.uid) acknowledged.push(body.uid)
    }
    const loop = (async () => {
      while (traffic) {
        await Promise.all([one('write'), one('read')])
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()

    await new Promise((resolve) => setTimeout(resolve, 1000))
    const stoppedAt = Date.now()
    await postgres.stop()
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const live = await fetch(`${base}/livez`)
    const ready = await fetch(`${base}/readyz`)
    expect(live.status).toBe(200)
    expect(ready.status).toBe(503)
    expect(await ready.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' })
    const duringOutage = await deliverStart(base)
    expect([duringOutage.status, duringOutage.headers.get('retry-after')]).toEqual([503, '2'])
    expect(await duringOutage.json()).toMatchObject({ code: 'TEMPORARILY_UNAVAILABLE' })
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt))))
    await postgres.start()
    const startedAt = Date.now()
    // Served again by itself: the first acknowledged write after the start.
    while (!seen.some((s) => s.at > startedAt && s.status === 201) && Date.now() - startedAt < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const recoveredAt = seen.find((s) => s.at > startedAt && s.status === 201)?.at
    await new Promise((resolve) => setTimeout(resolve, 500))
    traffic = false
    await loop
    expect((await fetch(`${base}/readyz`)).status).toBe(200)
    // Telegram delivers the update again: handled now, and once however often it comes.
    expect((await deliverStart(base)).status).toBe(200)
    expect((await deliverStart(base)).status).toBe(200)
    const welcomed = () => telegram.sent.filter((message) => message.chat_id === CHAT).length
    for (const t0 = Date.now(); welcomed() === 0 && Date.now() - t0 < 10_000; ) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await new Promise((resolve) => setTimeout(resolve, 1000)) // a second welcome would have come by now
    expect(welcomed()).toBe(1)

    const failures = seen.filter((s) => s.status >= 400)
    const first = failures[0]
    const last = failures.at(-1)
    console.log(
      `database outage: stopped ${OUTAGE_MS} ms; ${seen.length} calls, ${failures.length} answered 503 from ` +
        `+${(first?.at ?? stoppedAt) - stoppedAt} ms to +${(last?.at ?? stoppedAt) - stoppedAt} ms after the stop; ` +
        `served again ${recoveredAt === undefined ? 'never' : `${recoveredAt - startedAt} ms`} after the start; ` +
        `${acknowledged.length} writes acknowledged`,
    )
    if (recoveredAt === undefined) console.log(server.output().stdout.split('\n').slice(-30).join('\n'))
    expect(recoveredAt).toBeDefined()
    expect(failures.length).toBeGreaterThan(0)
    for (const failure of failures) {
      expect(failure).toMatchObject({ status: 503, code: 'TEMPORARILY_UNAVAILABLE', retryAfter: '2' })
    }

    // Every acknowledged write is there.
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      const { rows } = await client.query<{ uid: string }>('select uid::text from news')
      const stored = new Set(rows.map((row) => row.uid))
      expect(acknowledged.filter((uid) => !stored.has(uid))).toEqual([])
    } finally {
      await client.end()
    }

    // The end is logged by the tracker's next ping (every second), which may come after the first served call.
    const lines = () => server.output().stdout.split('\n')
    const count = (words: string) => lines().filter((line) => line.includes(words)).length
    const waitedFrom = Date.now()
    while (count('database reachable again') === 0 && Date.now() - waitedFrom < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await server.stop()
    expect(count('database unreachable: calls answer 503')).toBe(1)
    expect(count('database reachable again')).toBe(1)
    expect(count('"unexpected error"')).toBe(0)
    expect(count('database pool error')).toBe(0)
  }, 120_000)
})
