/**
 * A quiet long poll must be answered before the client's own limit per call cuts it: with both at 10 s about half
 * the quiet polls of a development server failed as network errors, and the channel check beside them too.
 * Against the real fake Bot API: every quiet poll of the default configuration ends in an answer. And a Bot API that
 * cannot be reached is asked again after a growing wait, logged when it starts failing and when it works again.
 * An update whose handling met an unreachable database is polled again; one whose handler fails otherwise is not.
 */
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { startFakeBotApi } from '#dev/fake-bot-api/server.ts'
import { createTelegramBot } from '#modules/bot/client.ts'
import { longPollSeconds, startPolling } from '#modules/bot/polling.ts'
import { loadConfig } from '#src/config.ts'
import { createTestDatabase } from '#test-helpers/database.ts'

const TOKEN = '123456:long-poll-test'
const fake = await startFakeBotApi({ token: TOKEN })
afterAll(() => fake.close())

/** A log that keeps each line as 'level message'. */
function recordingLog() {
  const lines: string[] = []
  const log = {
    warn: (_fields: unknown, message?: string) => void lines.push(`warn ${message}`),
    info: (_fields: unknown, message?: string) => void lines.push(`info ${message}`),
  } as unknown as Pick<FastifyBaseLogger, 'warn' | 'info'>
  return { lines, log }
}

describe('long polling', () => {
  it('waits at least 3 s less than the client allows a call, and never less than 0', () => {
    expect(longPollSeconds({ pollingTimeoutSeconds: 10, apiTimeoutSeconds: 10 })).toBe(7)
    expect(longPollSeconds({ pollingTimeoutSeconds: 5, apiTimeoutSeconds: 10 })).toBe(5)
    expect(longPollSeconds({ pollingTimeoutSeconds: 1, apiTimeoutSeconds: 1 })).toBe(0)
  })

  it('a quiet poll with the shipped limits is answered (empty), not cut by the client', async () => {
    const { bot: limits } = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused' })
    const bot = createTelegramBot(TOKEN, fake.url, limits.apiTimeoutSeconds)
    const poll = longPollSeconds(limits)
    expect(poll).toBeGreaterThan(0)
    const started = Date.now()
    await expect(bot.api.getUpdates({ timeout: poll })).resolves.toEqual([])
    expect(Date.now() - started).toBeGreaterThanOrEqual(poll * 1000 - 100)
  })
})

describe('the Bot API unreachable', () => {
  it('the long poll backs off 1 s, 2 s, 4 s... to a minute, and logs when it fails and when it works again', async () => {
    const testDatabase = await createTestDatabase('pglite')
    const { lines, log } = recordingLog()
    const waits: number[] = []
    const FAILURES = 9
    let calls = 0
    const bot = createTelegramBot(TOKEN, 'http://127.0.0.1:9', 1)
    const api = {
      deleteWebhook: async () => true,
      getUpdates: async () => {
        calls += 1
        if (calls <= FAILURES) throw new TypeError('fetch failed')
        // A long poll waits for updates: an empty answer at once would spin the loop.
        await new Promise((resolve) => setTimeout(resolve, 20))
        return []
      },
    }
    let stop: (() => Promise<void>) | undefined
    const poller = startPolling({
      db: testDatabase.database.db,
      now: () => new Date(),
      bot: { ...bot, api } as unknown as typeof bot,
      botToken: TOKEN,
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused' }),
      log,
      handleUpdate: async () => undefined,
      sleep: async (ms) => {
        waits.push(ms)
        if (calls > FAILURES + 2) void stop?.()
      },
    })
    stop = poller.stop
    while (calls <= FAILURES + 2) await new Promise((resolve) => setTimeout(resolve, 10))
    await poller.stop()
    await testDatabase.dispose()
    const backoff = waits.slice(0, FAILURES)
    // Each within ±20 % of 1 s, 2 s, 4 s..., never above a minute, the last ones at the cap.
    backoff.forEach((ms, i) => {
      const plain = Math.min(60_000, 1000 * 2 ** i)
      expect(ms).toBeGreaterThanOrEqual(plain * 0.8)
      expect(ms).toBeLessThanOrEqual(Math.min(60_000, plain * 1.2))
    })
    expect(Math.max(...backoff)).toBeGreaterThanOrEqual(48_000)
    expect(lines).toEqual([
      'warn bot polling failed; retrying with a growing wait (at most a minute) until it works',
      'info bot polling works again',
    ])
  })
})

describe('an update while the database cannot be reached', () => {
  it('is polled again once it can; an update that fails otherwise is logged and passed', async () => {
    const testDatabase = await createTestDatabase('pglite')
    const { lines, log } = recordingLog()
    const user = { id: 772_000_001, first_name: 'U' }
    const kept = await fake.userSends(user, 'my payout is late')
    const poison = await fake.userSends(user, 'poison')
    const tries: number[] = []
    const handled: number[] = []
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused' })
    const poller = startPolling({
      db: testDatabase.database.db,
      now: () => new Date(),
      bot: createTelegramBot(TOKEN, fake.url, config.bot.apiTimeoutSeconds),
      botToken: TOKEN,
      config: { bot: { ...config.bot, pollingTimeoutSeconds: 1 } },
      log,
      handleUpdate: async (update) => {
        tries.push(update.update_id)
        // The database away for the first try, as pg reports it; the poison update fails every time.
        if (update.update_id === kept && tries.length === 1) {
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
        }
        if (update.update_id === poison) throw new Error('a handler bug')
        handled.push(update.update_id)
      },
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))),
    })
    for (
      const t0 = Date.now();
      tries.filter((id) => id === poison).length === 0 && Date.now() - t0 < 10_000;
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await new Promise((resolve) => setTimeout(resolve, 1500)) // a poll or two more: nothing is tried again
    await poller.stop()
    await testDatabase.dispose()
    expect(tries).toEqual([kept, kept, poison])
    expect(handled).toEqual([kept])
    expect(lines).toContain('warn bot update failed')
  })
})
