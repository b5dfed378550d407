/**
 * The bot's outbox worker wakes when this process queued a message (docs/bot.md, 'Outbox'), as the email outbox's
 * does: with a poll of ten minutes, what a user's request and an operator's audited change queue
 * still reaches Telegram within seconds, on PGlite and PostgreSQL (whose worker claims on another connection, so
 * a wake before the commit would find nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeBotApi, startFakeBotApi } from '#dev/fake-bot-api/server.ts'
import { markStarted } from '#modules/bot/repository.ts'
import type { Config } from '#src/config.ts'
import { userIdOf } from '../helpers/accounts.ts'
import { authorize, bearer, json, testConfig, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { freshTelegramUser, TEST_BOT_TOKEN } from '../helpers/init-data.ts'
import { acceptedAccounts, openPayments, opsOf, opsOk } from '../helpers/payments.ts'

const OPS_CHAT = -100_999

/** Waits up to `ms` for `ready`; answers whether it came. */
async function within(ms: number, ready: () => boolean): Promise<boolean> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (ready()) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return ready()
}

describe.each(DATABASE_KINDS)('the bot outbox wakes on enqueue on %s', (kind) => {
  let fake: FakeBotApi
  const options: { config: Partial<Config> } = { config: {} }
  beforeAll(async () => {
    fake = await startFakeBotApi({ token: TEST_BOT_TOKEN, channels: [] })
    const base = testConfig().bot
    options.config.bot = {
      ...base,
      apiRoot: fake.url,
      apiTimeoutSeconds: 2,
      opsChatId: OPS_CHAT,
      // The app's own worker runs, but its poll never comes within a test: only a wake sends.
      outbox: { ...base.outbox, pollMs: 600_000 },
    }
  })
  afterAll(async () => {
    await fake.close()
  })
  const t = useTestApp(kind, options)

  it("a user's request and an operator's audited change each reach Telegram within seconds", async () => {
    const ops = opsOf(t.app)
    await openPayments(ops)
    const tg = freshTelegramUser({ language_code: 'en' })
    const tokens = await authorize(t.app, tg)
    const userId = await userIdOf(t.database.db, tg.id)
    await markStarted(t.database.db, tg.id, new Date())
    await acceptedAccounts(t.database.db, userId, [5_000_000n])

    // The user's request: the operators' chat hears of the new invoice.
    const created = await t.app.inject({
      method: 'POST',
      url: '/invoices/request-invoice',
      headers: bearer(tokens.accessToken),
    })
    expect(created.statusCode, created.body).toBeLessThan(300)
    const uid = json<{ uid: string }>(created).uid
    const told = () => fake.messagesTo(OPS_CHAT).some((m) => m.text?.includes(`invoice confirm ${uid}`))
    expect(await within(5000, told)).toBe(true)

    // An operator's change, in the audit log's transaction: the user hears once it committed.
    await opsOk(ops, 'POST', `/ops/invoices/${uid}/confirm`)
    const confirmed = () => fake.messagesTo(tg.id).some((m) => m.text?.includes('was confirmed'))
    expect(await within(5000, confirmed)).toBe(true)
  })
})
