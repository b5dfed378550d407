/**
 * Found by the fuzzer (docs/resilience.md): with Telegram unreachable, the webhook's first update waited on grammY's
 * bot.init(), which retries getMe without end, so the request was never answered. Now one getMe fails the update,
 * which is answered 200 as any failed update is (docs/bot.md), at once.
 */
import { describe, expect, it } from 'vitest'
import { testConfig, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'

const SECRET = 'webhook-secret-unreachable'

describe.each(DATABASE_KINDS)('bot webhook with Telegram unreachable on %s', (kind) => {
  // testConfig's Bot API root, 127.0.0.1:9, refuses every connection.
  const t = useTestApp(kind, {
    config: {
      bot: { ...testConfig().bot, webhookUrl: 'https://bot.example.test/bot/webhook', webhookSecret: SECRET },
    },
  })

  it('answers an update at once instead of waiting for Telegram forever', async () => {
    const started = Date.now()
    const response = await t.app.inject({
      method: 'POST',
      url: '/bot/webhook',
      headers: { 'x-telegram-bot-api-secret-token': SECRET },
      payload: {
        update_id: 7,
        message: {
          message_id: 1,
          date: Math.floor(Date.now() / 1000),
          chat: { id: 880_000_001, type: 'private' },
          from: { id: 880_000_001, is_bot: false, first_name: 'A' },
          text: '/start',
        },
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ ok: true })
    expect(Date.now() - started).toBeLessThan(5000)
  }, 10_000)
})
