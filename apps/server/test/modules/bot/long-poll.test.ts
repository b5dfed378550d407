/**
 * A quiet long poll must be answered before the client's own limit per call cuts it: with both at 10 s about half
 * the quiet polls of a development server failed as network errors, and the channel check beside them too.
 * Against the real fake Bot API: every quiet poll of the default configuration ends in an answer.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { startFakeBotApi } from '../../../dev/fake-bot-api/server.ts'
import { loadConfig } from '../../../src/config.ts'
import { createTelegramBot } from '../../../src/modules/bot/client.ts'
import { longPollSeconds } from '../../../src/modules/bot/polling.ts'

const TOKEN = '123456:long-poll-test'
const fake = await startFakeBotApi({ token: TOKEN })
afterAll(() => fake.close())

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
