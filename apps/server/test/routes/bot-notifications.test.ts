/**
 * The bot's notifications through the outbox, against the fake Bot API over real HTTP (docs/bot.md), on PGlite and
 * PostgreSQL: queued with the change that causes them, sent once in the user's language with the right button;
 * 429 waited out; 403 stops messages until /start; two workers share one outbox; email-only users get nothing.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Config } from '../../src/config.ts'
import { type FakeBotApi, startFakeBotApi } from '../../src/dev/fake-bot-api/server.ts'
import { createTelegramBot } from '../../src/modules/bot/client.ts'
import { loadBotTexts } from '../../src/modules/bot/messages.ts'
import { listChatMessages, markStarted, queueUserMessage } from '../../src/modules/bot/repository.ts'
import { createBotService } from '../../src/modules/bot/service.ts'
import { userIdOf } from '../helpers/accounts.ts'
import { authorize, bearer, json, testConfig, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { freshTelegramUser, TEST_BOT_TOKEN } from '../helpers/init-data.ts'
import { acceptedAccounts, openPayments, opsOf, opsOk } from '../helpers/payments.ts'

describe.each(DATABASE_KINDS)('bot notifications on %s', (kind) => {
  let fake: FakeBotApi
  const options: { config: Partial<Config> } = { config: {} }
  beforeAll(async () => {
    fake = await startFakeBotApi({ token: TEST_BOT_TOKEN, channels: ['durov'] })
    const base = testConfig().bot
    options.config.bot = {
      ...base,
      apiRoot: fake.url,
      apiTimeoutSeconds: 1,
      opsChatId: -100777,
      outbox: { ...base.outbox, backoffBaseMs: 100, backoffMaxMs: 200, perChatIntervalMs: 100 },
    }
  })
  afterAll(async () => {
    await fake.close()
  })
  const t = useTestApp(kind, options)

  /** A worker as every server process runs one (the app's own is off in tests: they drive it). */
  const worker = () =>
    createBotService({
      db: t.database.db,
      now: () => new Date(),
      bot: createTelegramBot(TEST_BOT_TOKEN, fake.url, 1),
      botToken: TEST_BOT_TOKEN,
      botTexts: loadBotTexts(t.config.localesDir),
      webhookSecret: 'unused',
      config: { bot: t.config.bot, referralLink: t.config.referralLink },
    })

  async function userWhoStarted(language: 'en' | 'fa') {
    const tg = freshTelegramUser({ language_code: language })
    const tokens = await authorize(t.app, tg)
    const userId = await userIdOf(t.database.db, tg.id)
    await markStarted(t.database.db, tg.id, new Date())
    return { tg, tokens, userId }
  }

  it('invoice confirmed: one message, in Persian, with a button opening the invoice; operators heard of it', async () => {
    const ops = opsOf(t.app)
    await openPayments(ops)
    const { tg, tokens, userId } = await userWhoStarted('fa')
    await acceptedAccounts(t.database.db, userId, [5_000_000n])
    const created = await t.app.inject({
      method: 'POST',
      url: '/invoices/request-invoice',
      headers: bearer(tokens.accessToken),
    })
    expect(created.statusCode, created.body).toBeLessThan(300)
    const { uid } = json<{ uid: string }>(created)
    await opsOk(ops, 'POST', `/ops/invoices/${uid}/confirm`)
    const bot = worker()
    await bot.deliverDue()
    await bot.deliverDue()
    const toUser = fake.messagesTo(tg.id)
    expect(toUser).toHaveLength(1)
    expect(toUser[0]?.text).toMatch(/فاکتور 5\.00 USDT شما تأیید شد/)
    expect(toUser[0]?.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: 'باز کردن فاکتور', url: `https://t.me/AccountSupplyDemoBot?startapp=go_i_${uid}` }],
      ],
    })
    expect(
      fake
        .messagesTo(-100777)
        .map((m) => m.text)
        .join('\n'),
    ).toContain(`invoice confirm ${uid}`)
  })

  it('429 with retry_after is waited out: the message goes once, after the wait', async () => {
    const { tg, userId } = await userWhoStarted('en')
    await queueUserMessage(t.database.db, {
      userId,
      kind: 'invoice_rejected',
      params: { amount: '3.00', invoiceUid: '00000000-0000-4000-8000-000000000001' },
      now: new Date(),
    })
    fake.addFault({ method: 'sendMessage', chatId: tg.id, kind: 'rate_limit', retryAfter: 1 })
    const bot = worker()
    await bot.deliverDue()
    expect(fake.messagesTo(tg.id)).toHaveLength(0)
    await bot.deliverDue()
    expect(fake.messagesTo(tg.id)).toHaveLength(0)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    await bot.deliverDue()
    expect(fake.messagesTo(tg.id).map((m) => m.text)).toEqual([
      'Your invoice of 3.00 USDT was rejected. Its accounts are back in your balance.',
    ])
  })

  it('403 marks the user unreachable: no more messages until they /start again', async () => {
    const { tg, userId } = await userWhoStarted('en')
    const queue = () =>
      queueUserMessage(t.database.db, {
        userId,
        kind: 'payout_failed',
        params: { amount: '10', currency: 'TRX', invoiceUid: 'i', transactionUid: 't' },
        now: new Date(),
      })
    fake.setBlocked(tg.id, true)
    await queue()
    const bot = worker()
    await bot.deliverDue()
    const [failed] = await listChatMessages(t.database.db, tg.id, 1)
    expect(failed).toMatchObject({
      status: 'failed',
      lastError: '403: Forbidden: bot was blocked by the user',
    })
    await queue()
    expect(await listChatMessages(t.database.db, tg.id, 10)).toHaveLength(1)
    fake.setBlocked(tg.id, false)
    await markStarted(t.database.db, tg.id, new Date())
    await queue()
    await bot.deliverDue()
    expect(fake.messagesTo(tg.id)).toHaveLength(1)
  })

  it('5xx is retried with backoff; two workers share one outbox and send each message once', async () => {
    const users = await Promise.all([1, 2, 3, 4, 5, 6].map(() => userWhoStarted('en')))
    for (const { userId } of users) {
      for (const n of [1, 2]) {
        await queueUserMessage(t.database.db, {
          userId,
          kind: 'invoice_confirmed',
          params: { amount: `${n}.00`, invoiceUid: `inv-${n}` },
          now: new Date(),
        })
      }
    }
    fake.addFault({ method: 'sendMessage', kind: 'server_error', times: 2 })
    const a = worker()
    const b = worker()
    const end = Date.now() + 10_000
    while (Date.now() < end) {
      await Promise.all([a.deliverDue(), b.deliverDue()])
      if (users.every(({ tg }) => fake.messagesTo(tg.id).length === 2)) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    // Each once; a message retried after a 5xx may arrive after a later one of the same chat.
    for (const { tg } of users) {
      expect(
        fake
          .messagesTo(tg.id)
          .map((m) => m.text)
          .sort(),
      ).toEqual([
        'Your invoice of 1.00 USDT was confirmed. You can request the payment now.',
        'Your invoice of 2.00 USDT was confirmed. You can request the payment now.',
      ])
    }
  })

  it('users who never allowed messages, and email-only users, get no bot messages', async () => {
    const tg = freshTelegramUser()
    await authorize(t.app, tg)
    const userId = await userIdOf(t.database.db, tg.id)
    await queueUserMessage(t.database.db, { userId, kind: 'help', params: {}, now: new Date() })
    await t.database.db.execute(sql`update users set telegram_id = null where id = ${userId}`)
    await queueUserMessage(t.database.db, { userId, kind: 'help', params: {}, now: new Date() })
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from bot_outbox where user_id = ${userId}`,
    )
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0)
  })
})
