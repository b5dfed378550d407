/**
 * The bot groups acceptances (issue 38, item 12; docs/bot.md, 'Acceptances together'): 40 accounts accepted together
 * sent 40 messages. Accounts of one user accepted within the window (`BOT_GROUP_SECONDS`) now make one message with
 * their count and amount, in the user's language; a lone acceptance reads as before. Against the fake Bot API over
 * real HTTP, on PGlite and PostgreSQL, each acceptance made by the real change (the validation engine, an operator's
 * override); the outbox is the database's, so two workers (two processes) at once, a worker that died holding the
 * group and a failed send each deliver it once, nothing lost.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeBotApi, startFakeBotApi } from '#dev/fake-bot-api/server.ts'
import { createTelegramBot } from '#modules/bot/client.ts'
import { loadBotTexts } from '#modules/bot/messages.ts'
import { markStarted } from '#modules/bot/repository.ts'
import { createBotService } from '#modules/bot/service.ts'
import { createValidationService } from '#modules/validation/service.ts'
import { createSandboxProvider } from '#providers/sandbox/sandbox-provider.ts'
import type { Config } from '#src/config.ts'
import { userIdOf } from '../helpers/accounts.ts'
import { authorize, testConfig, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { freshTelegramUser, TEST_BOT_TOKEN } from '../helpers/init-data.ts'
import { openPayments, opsOf, opsOk } from '../helpers/payments.ts'
import { pendingAccount } from '../helpers/referrals.ts'

const BOT_LINK = 'https://t.me/AccountSupplyDemoBot?startapp='
/** A Latin run isolated left to right inside a Persian sentence. */
const ltr = (text: string) => `\u2066${text}\u2069`
const WINDOW_SECONDS = 2
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
type Sent = { text: string; reply_markup?: unknown }
const read = (message: Sent | undefined) => {
  const button = (
    message?.reply_markup as { inline_keyboard?: { text: string; url: string }[][] } | undefined
  )?.inline_keyboard?.[0]?.[0]
  return { text: message?.text, button: button && { text: button.text, url: button.url } }
}

describe.each(DATABASE_KINDS)('bot acceptances grouped on %s', (kind) => {
  let fake: FakeBotApi
  const options: { config: Partial<Config> } = { config: {} }
  beforeAll(async () => {
    fake = await startFakeBotApi({ token: TEST_BOT_TOKEN })
    const base = testConfig().bot
    options.config.bot = {
      ...base,
      apiRoot: fake.url,
      apiTimeoutSeconds: 1,
      outbox: { ...base.outbox, backoffBaseMs: 100, backoffMaxMs: 200, perChatIntervalMs: 0 },
    }
  })
  afterAll(async () => {
    await fake.close()
  })
  const t = useTestApp(kind, options)

  /**
   * A worker as every server process runs one, with a window of seconds (the default's kind, not zero), on the real
   * clock or another.
   */
  const worker = (now: () => Date = () => new Date()) =>
    createBotService({
      db: t.database.db,
      now,
      // The fake answers from this process, beside PGlite's blocking queries: under load a send can take over a
      // second, and one that timed out after arriving is rightly sent again (at least once), failing the count.
      bot: createTelegramBot(TEST_BOT_TOKEN, fake.url, 10),
      botToken: TEST_BOT_TOKEN,
      botTexts: loadBotTexts(t.config.localesDir),
      webhookSecret: 'unused',
      config: {
        bot: { ...t.config.bot, outbox: { ...t.config.bot.outbox, groupSeconds: WINDOW_SECONDS } },
        referralLink: t.config.referralLink,
      },
    })

  const statuses = async (chatId: number) =>
    (
      (await t.database.db.execute(
        sql`select status, count(*)::int as n from bot_outbox where chat_id = ${chatId} group by status order by status`,
      )) as unknown as { rows: { status: string; n: number }[] }
    ).rows

  /** Workers look (a chat written to within the last second waits) until the chat has `count` messages. */
  const deliveredTo = (chatId: number, count: number, now?: () => Date) =>
    expect
      .poll(
        async () => {
          await worker(now).deliverDue()
          return fake.messagesTo(chatId).length
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(count)

  async function userWhoStarted(language: 'en' | 'fa') {
    const tg = freshTelegramUser({ language_code: language })
    await authorize(t.app, tg)
    const userId = await userIdOf(t.database.db, tg.id)
    await markStarted(t.database.db, tg.id, new Date())
    return { tg, userId }
  }

  /** `count` accounts of `net` minor units each, accepted by the validation engine (the sandbox accepts them). */
  async function acceptedByValidation(users: { userId: number; count: number; net: bigint }[], at: Date) {
    for (const user of users)
      for (let i = 0; i < user.count; i++) await pendingAccount(t.database.db, user.userId, user.net)
    await t.database.db.execute(
      sql`update accounts set validation_at = now() - interval '1 second' where status = 'pending'`,
    )
    const validation = createValidationService({
      db: t.database.db,
      now: () => at,
      accountProvider: createSandboxProvider(),
    })
    const total = users.reduce((sum, user) => sum + user.count, 0)
    expect(await validation.runDue(total + 10)).toBe(total)
  }

  /** Accounts accepted by an operator's override, one call each. */
  async function acceptedByOperator(userId: number, count: number) {
    const ops = opsOf(t.app)
    for (let i = 0; i < count; i++) {
      const uid = await pendingAccount(t.database.db, userId, 2_000_000n)
      await opsOk(ops, 'PUT', `/ops/accounts/${uid}/status`, { status: 'accepted' })
    }
  }

  it('40 accepted together make one message with the count and the amount, in the user’s language; one alone reads as before', async () => {
    const fa = await userWhoStarted('fa')
    const en = await userWhoStarted('en')
    const lone = await userWhoStarted('en')
    // The engine accepts them in one run at `at`; the workers' clocks say how long after it they look.
    const at = new Date()
    await acceptedByValidation(
      [
        { userId: fa.userId, count: 40, net: 1_250_000n },
        { userId: en.userId, count: 3, net: 2_500_000n },
        { userId: lone.userId, count: 1, net: 1_000_000n },
      ],
      at,
    )
    const after = (seconds: number) => () => new Date(at.getTime() + seconds * 1000)
    // Within the window the acceptances wait for the others that may come.
    await worker(after(WINDOW_SECONDS - 1)).deliverDue()
    for (const user of [fa, en, lone]) expect(fake.messagesTo(user.tg.id)).toEqual([])
    for (const user of [fa, en, lone]) await deliveredTo(user.tg.id, 1, after(WINDOW_SECONDS))

    const acceptedAccounts = (text: string) => ({ text, url: `${BOT_LINK}go_accepted` })
    expect(fake.messagesTo(fa.tg.id).map(read)).toEqual([
      {
        text: `40 اکانت پذیرفته شد: ${ltr('50.00 USDT')} به موجودی شما اضافه شد.`,
        button: acceptedAccounts('باز کردن اکانت‌های پذیرفته‌شده'),
      },
    ])
    expect(fake.messagesTo(en.tg.id).map(read)).toEqual([
      {
        text: '3 accounts were accepted: 7.50 USDT added to your balance.',
        button: acceptedAccounts('Open the accepted accounts'),
      },
    ])
    const [loneMessage] = fake.messagesTo(lone.tg.id).map(read)
    expect(loneMessage?.text).toMatch(/^Account \+•+\d{4} was accepted\.$/)
    expect(loneMessage?.button?.text).toBe('Open the account')
    expect(loneMessage?.button?.url).toMatch(
      new RegExp(`^${BOT_LINK.replace(/\?/g, '\\?')}go_a_[0-9a-f-]{36}$`),
    )
    // Every acceptance is recorded as sent, none left to send again.
    expect(await statuses(fa.tg.id)).toEqual([{ status: 'sent', n: 40 }])
    expect(await statuses(en.tg.id)).toEqual([{ status: 'sent', n: 3 }])
  })

  it('acceptances after the window make the next message; a message queued after them sends them first', async () => {
    const { tg, userId } = await userWhoStarted('en')
    await acceptedByOperator(userId, 2)
    await sleep(WINDOW_SECONDS * 1000 + 200)
    await acceptedByOperator(userId, 3)
    await deliveredTo(tg.id, 1)
    // Accepted 2 s apart: the first two went when their window closed, with the three accepted since (the window is
    // the first's: a message is never put off for longer).
    expect(fake.messagesTo(tg.id).map((m) => m.text)).toEqual([
      '5 accounts were accepted: 10.00 USDT added to your balance.',
    ])

    // Held acceptances do not let a later message overtake them: an invoice confirmed at once sends them first.
    const ops = opsOf(t.app)
    await openPayments(ops)
    await acceptedByOperator(userId, 2)
    const created = await t.app.inject({
      method: 'POST',
      url: '/invoices/request-invoice',
      headers: { authorization: `Bearer ${(await authorize(t.app, tg)).accessToken}` },
    })
    expect(created.statusCode, created.body).toBeLessThan(300)
    await opsOk(ops, 'POST', `/ops/invoices/${created.json<{ uid: string }>().uid}/confirm`)
    await deliveredTo(tg.id, 3)
    expect(fake.messagesTo(tg.id).map((m) => m.text)).toEqual([
      '5 accounts were accepted: 10.00 USDT added to your balance.',
      '2 accounts were accepted: 4.00 USDT added to your balance.',
      'Your invoice of 14.00 USDT was confirmed. You can request the payment now.',
    ])
  })

  it('three workers at once, a worker that died holding the group, a failed send: each group arrives once, none lost', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => userWhoStarted('en')))
    for (const user of users) await acceptedByOperator(user.userId, 6)
    await sleep(WINDOW_SECONDS * 1000 + 200)
    // Three processes' workers look at the same moment (on PostgreSQL their claims run side by side).
    await Promise.all([worker().deliverDue(), worker().deliverDue(), worker().deliverDue()])
    for (const user of users) {
      await deliveredTo(user.tg.id, 1)
      expect(fake.messagesTo(user.tg.id).map((m) => m.text)).toEqual([
        '6 accounts were accepted: 12.00 USDT added to your balance.',
      ])
      expect(await statuses(user.tg.id)).toEqual([{ status: 'sent', n: 6 }])
    }
    const { tg, userId } = await userWhoStarted('en')
    await acceptedByOperator(userId, 12)
    await sleep(WINDOW_SECONDS * 1000 + 200)
    await deliveredTo(tg.id, 1)

    // A process claimed the next group and died before sending it: its rows stay claimed until the lease runs out.
    await acceptedByOperator(userId, 4)
    await t.database.db.execute(sql`
      update bot_outbox set status = 'sending', claimed_until = now() - interval '1 second',
        claim_token = gen_random_uuid(), attempts = 1
      where chat_id = ${tg.id} and status = 'pending'`)
    await deliveredTo(tg.id, 2)

    // A send that fails (502) puts the group back for a retry, which sends it once.
    await acceptedByOperator(userId, 3)
    await sleep(WINDOW_SECONDS * 1000 + 200)
    fake.addFault({ kind: 'server_error', method: 'sendMessage', chatId: tg.id })
    await deliveredTo(tg.id, 3)
    await sleep(1200)
    await worker().deliverDue()
    expect(fake.messagesTo(tg.id).map((m) => m.text)).toEqual([
      '12 accounts were accepted: 24.00 USDT added to your balance.',
      '4 accounts were accepted: 8.00 USDT added to your balance.',
      '3 accounts were accepted: 6.00 USDT added to your balance.',
    ])
    expect(await statuses(tg.id)).toEqual([{ status: 'sent', n: 19 }])
  })
})
