/**
 * The Telegram bot against the fake Bot API over real HTTP (docs/bot.md), on PGlite and PostgreSQL: the channel
 * check per member status and on failure, /start by long polling and by webhook, the webhook's secret, the
 * outbox's limits (429 waited out, 403 stops messages) and two workers sharing one outbox; each update answered
 * once, whether Telegram redelivers it by webhook (to one process or two at once) or a poll serves it again after
 * a crash, and an update whose handling did not commit answered when it comes again.
 */
import type { ChannelStatus } from '@app/contract'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeBotApi, startFakeBotApi } from '#dev/fake-bot-api/server.ts'
import { createTelegramBot } from '#modules/bot/client.ts'
import { loadBotTexts } from '#modules/bot/messages.ts'
import { createBotService } from '#modules/bot/service.ts'
import type { Config } from '#src/config.ts'
import {
  authorize,
  bearer,
  buildAppOn,
  json,
  TEST_OPS_TOKEN,
  testConfig,
  useTestApp,
} from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { freshTelegramUser, TEST_BOT_TOKEN } from '../helpers/init-data.ts'
import { setSetting } from '../helpers/settings.ts'
import { freePort } from '../helpers/spawn-server.ts'

const CHANNEL = 'durov'
const START_LINK = 'https://t.me/AccountSupplyDemoBot?startapp='
/** The button a message carries. */
const read = (message: { reply_markup?: unknown }) => ({
  button: (message.reply_markup as { inline_keyboard?: { url: string }[][] } | undefined)
    ?.inline_keyboard?.[0]?.[0],
})

function botConfig(apiRoot: string, overrides: Partial<Config['bot']> = {}, outboxPollMs = 0): Config['bot'] {
  const base = testConfig().bot
  return {
    ...base,
    apiRoot,
    apiTimeoutSeconds: 1,
    pollingTimeoutSeconds: 1,
    ...overrides,
    outbox: {
      ...base.outbox,
      pollMs: outboxPollMs,
      backoffBaseMs: 100,
      backoffMaxMs: 200,
      perChatIntervalMs: 200,
    },
  }
}

/**
 * Long enough for a second answer to one chat to arrive: the outbox looks every 100 ms, and a chat sent to within
 * the last second waits (the claim's per-chat second).
 */
const REPEAT_MS = 1600

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 8000) => {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('timed out waiting')
}

describe.each(DATABASE_KINDS)('bot on %s', (kind) => {
  let fake: FakeBotApi
  const options: { config: Partial<Config> } = { config: {} }
  beforeAll(async () => {
    fake = await startFakeBotApi({ token: TEST_BOT_TOKEN, channels: [CHANNEL] })
    options.config.bot = botConfig(fake.url)
  })
  afterAll(async () => {
    await fake.close()
  })
  const t = useTestApp(kind, options)

  const channelStatus = async (accessToken: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/dashboard/channel-status',
      headers: bearer(accessToken),
    })
    expect(response.statusCode, response.body).toBe(200)
    return json<ChannelStatus>(response)
  }

  it.each([
    ['member', undefined, true],
    ['administrator', undefined, true],
    ['creator', undefined, true],
    ['restricted', true, true],
    ['restricted', false, false],
    ['left', undefined, false],
    ['kicked', undefined, false],
  ] as const)('channel status: %s (is_member %s) counts as joined: %s', async (status, isMember, joined) => {
    const user = freshTelegramUser()
    const { accessToken } = await authorize(t.app, user)
    fake.setMember(CHANNEL, user.id, status, isMember)
    // A new user who is not in the channel is asked (docs/bot.md, 'The channel prompt').
    expect(await channelStatus(accessToken)).toEqual({
      channelUsername: CHANNEL,
      isUserJoined: joined,
      prompt: !joined,
    })
    const call = fake.calls.findLast((c) => c.method === 'getChatMember')
    expect(call?.params).toMatchObject({ chat_id: `@${CHANNEL}`, user_id: user.id })
  })

  it('channel status: each answer is kept briefly per user (one getChatMember for two reads)', async () => {
    const user = freshTelegramUser()
    const { accessToken } = await authorize(t.app, user)
    const before = fake.calls.filter((c) => c.method === 'getChatMember').length
    await channelStatus(accessToken)
    await channelStatus(accessToken)
    expect(fake.calls.filter((c) => c.method === 'getChatMember').length).toBe(before + 1)
  })

  it('channel status: when the Bot API fails (5xx, timeout) the answer is 200 and does not nag', async () => {
    for (const fault of [{ kind: 'server_error' } as const, { kind: 'timeout', ms: 1500 } as const]) {
      const user = freshTelegramUser()
      const { accessToken } = await authorize(t.app, user)
      fake.addFault({ method: 'getChatMember', ...fault })
      expect(await channelStatus(accessToken)).toEqual({
        channelUsername: CHANNEL,
        isUserJoined: true,
        prompt: false,
      })
    }
  })

  it('channel status: no channel configured, no prompt (and no Bot API call)', async () => {
    const user = freshTelegramUser()
    const { accessToken } = await authorize(t.app, user)
    await setSetting(t.database.db, 'channel_username', null)
    const before = fake.calls.length
    expect(await channelStatus(accessToken)).toEqual({
      channelUsername: null,
      isUserJoined: true,
      prompt: false,
    })
    expect(fake.calls.length).toBe(before)
    await setSetting(t.database.db, 'channel_username', CHANNEL)
  })

  it('the channel problem operators read: not an administrator, and fine when it is', async () => {
    const bot = createBotService({
      db: t.database.db,
      now: () => new Date(),
      bot: createTelegramBot(TEST_BOT_TOKEN, fake.url, 1),
      botToken: TEST_BOT_TOKEN,
      botTexts: loadBotTexts(t.config.localesDir),
      webhookSecret: 'x',
      config: { bot: t.config.bot, referralLink: t.config.referralLink },
    })
    expect(await bot.channelProblem()).toBeUndefined()
    fake.setBotStatus(CHANNEL, 'member')
    const problem = await bot.channelProblem()
    expect(problem).toMatch(/is not an administrator of the channel @durov/)
    expect(problem).not.toContain(TEST_BOT_TOKEN)
    fake.setBotStatus(CHANNEL, 'administrator')
  })

  it('ops settings: GET /ops/settings/problems names the channel problem, and nothing when there is none', async () => {
    const problems = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/ops/settings/problems',
        headers: bearer(TEST_OPS_TOKEN),
      })
      expect(response.statusCode, response.body).toBe(200)
      return json<{ key: string; problem: string }[]>(response)
    }
    await setSetting(t.database.db, 'channel_username', CHANNEL)
    expect(await problems()).toEqual([])

    fake.setBotStatus(CHANNEL, 'member')
    expect(await problems()).toEqual([
      {
        key: 'channel_username',
        problem: `The bot @AccountSupplyDemoBot is not an administrator of the channel @${CHANNEL} (it is 'member'): make it one, or the join prompt cannot tell who joined`,
      },
    ])
    fake.setBotStatus(CHANNEL, 'left')
    expect((await problems())[0]?.problem).toMatch(/is not an administrator .* \(it is 'left'\)/)
    fake.setBotStatus(CHANNEL, 'administrator')

    // A channel the Bot API does not know, a 5xx, a timeout: it cannot be checked, said so without the token.
    await setSetting(t.database.db, 'channel_username', 'no_such_channel')
    const unknown = (await problems())[0]
    expect(unknown?.problem).toBe(
      'The bot cannot check the channel @no_such_channel (400: Bad Request: chat not found): add the bot to the channel as an administrator',
    )
    await setSetting(t.database.db, 'channel_username', CHANNEL)
    fake.addFault({ method: 'getChatMember', kind: 'server_error' })
    expect((await problems())[0]?.problem).toMatch(
      /^The bot cannot check the channel @durov \(502: Bad Gateway\)/,
    )
    fake.addFault({ method: 'getChatMember', kind: 'timeout', ms: 1500 })
    const late = (await problems())[0]?.problem ?? ''
    expect(late).toMatch(/^The bot cannot check the channel @durov \(/)
    expect(late).not.toContain(TEST_BOT_TOKEN)

    // No channel: no problem, and no Bot API call.
    await setSetting(t.database.db, 'channel_username', null)
    const before = fake.calls.length
    expect(await problems()).toEqual([])
    expect(fake.calls.length).toBe(before)
    await setSetting(t.database.db, 'channel_username', CHANNEL)
    expect(await problems()).toEqual([])
  })

  describe('the webhook', () => {
    let app: FastifyInstance
    const secret = 'webhook-secret-of-the-suite'
    beforeAll(async () => {
      app = await buildAppOn(t, {
        config: {
          bot: botConfig(
            fake.url,
            { webhookUrl: 'https://bot.example.test/bot/webhook', webhookSecret: secret },
            100,
          ),
        },
      })
    })
    afterAll(async () => {
      await app.close()
      // As a process that polls would on taking over.
      await fetch(`${fake.url}/bot${TEST_BOT_TOKEN}/deleteWebhook`, { method: 'POST' })
    })
    const post = (payload: string, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/bot/webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      })
    const update = (from: { id: number; first_name: string; language_code?: string }, text: string) =>
      JSON.stringify({
        // Far above the fake's own update ids, which this suite's handled updates must not shadow.
        update_id: 2_000_000_000 + (from.id % 1000),
        message: {
          message_id: 1,
          date: Math.floor(Date.now() / 1000),
          chat: { id: from.id, type: 'private', first_name: from.first_name },
          from: { ...from, is_bot: false },
          text,
          entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length ?? 0 }],
        },
      })

    it('is registered at start-up with its secret', async () => {
      await waitFor(() => fake.webhook !== undefined)
      expect(fake.webhook).toEqual({ url: 'https://bot.example.test/bot/webhook', secret })
    })

    it('refuses an unsigned or wrongly signed update (401) and a malformed one (400), never a 5xx', async () => {
      const user = freshTelegramUser()
      expect((await post(update(user, '/start'))).statusCode).toBe(401)
      expect(
        (await post(update(user, '/start'), { 'x-telegram-bot-api-secret-token': 'wrong' })).statusCode,
      ).toBe(401)
      const signed = { 'x-telegram-bot-api-secret-token': secret }
      for (const body of ['{not json', '[]', '{}', '{"update_id":-1}', '{"update_id":"x"}', 'null']) {
        const response = await post(body, signed)
        expect(response.statusCode, body).toBeGreaterThanOrEqual(400)
        expect(response.statusCode, body).toBeLessThan(500)
      }
      // An update of a kind the bot ignores is still taken (200): Telegram must not redeliver it.
      expect((await post('{"update_id":2000000005,"edited_message":{}}', signed)).statusCode).toBe(200)
    })

    it('answers /start <code> taken by webhook', async () => {
      const user = freshTelegramUser({ language_code: 'en' })
      const response = await post(update(user, '/start demo-ref'), {
        'x-telegram-bot-api-secret-token': secret,
      })
      expect(response.statusCode, response.body).toBe(200)
      await waitFor(() => fake.messagesTo(user.id).length === 1)
      expect(fake.messagesTo(user.id)[0]?.text).toMatch(/^Welcome!/)
    })
  })

  describe('each update once, by webhook', () => {
    const secret = 'webhook-secret-of-the-replays'
    /** Two processes on the suite's database, each listening with the real webhook route, as behind a balancer. */
    const processes: { app: FastifyInstance; url: string }[] = []
    beforeAll(async () => {
      for (let i = 0; i < 2; i++) {
        const port = await freePort()
        const url = `http://127.0.0.1:${port}/bot/webhook`
        const app = await buildAppOn(t, {
          config: { bot: botConfig(fake.url, { webhookUrl: url, webhookSecret: secret }, 100) },
        })
        await app.listen({ port, host: '127.0.0.1' })
        processes.push({ app, url })
      }
      await waitFor(() => fake.calls.filter((c) => c.method === 'setWebhook').length >= 2)
    })
    afterAll(async () => {
      for (const { app } of processes) await app.close()
      await fetch(`${fake.url}/bot${TEST_BOT_TOKEN}/deleteWebhook`, { method: 'POST' })
    })
    const urlOf = (i: number) => processes[i % processes.length]?.url ?? ''
    const handledRows = async (updateId: number) => {
      const result = (await t.database.db.execute(
        sql`select bot_id from bot_updates where update_id = ${updateId}`,
      )) as { rows: { bot_id: string | number }[] }
      return result.rows.map((r) => Number(r.bot_id))
    }
    /** The answers a user got, once a repeat has had time to arrive. */
    const settledAnswers = async (userId: number) => {
      await waitFor(() => fake.messagesTo(userId).length > 0)
      await new Promise((resolve) => setTimeout(resolve, REPEAT_MS))
      return fake.messagesTo(userId).map((m) => read(m).button?.url ?? m.text)
    }

    it('a replayed update (to the same process or the other) is taken (200) and gets no second answer', async () => {
      const user = freshTelegramUser({ language_code: 'en' })
      const updateId = await fake.userSends(user, '/start REPLAY1')
      await waitFor(() => fake.messagesTo(user.id).length === 1)
      expect(await fake.redeliver(updateId, { url: urlOf(0) })).toBe(200)
      expect(await fake.redeliver(updateId, { url: urlOf(1) })).toBe(200)
      expect(await settledAnswers(user.id)).toEqual([`${START_LINK}REPLAY1`])
      // Recorded once, for this bot.
      expect(await handledRows(updateId)).toEqual([fake.botUser.id])
    })

    it('the same update ten times at once, to two processes: one answer', async () => {
      const user = freshTelegramUser({ language_code: 'en' })
      const updateId = await fake.userSends(user, '/start RACE1', { hold: true })
      const statuses = await Promise.all(
        Array.from({ length: 10 }, (_, i) => fake.redeliver(updateId, { url: urlOf(i) })),
      )
      expect(statuses).toEqual(Array.from({ length: 10 }, () => 200))
      expect(await settledAnswers(user.id)).toEqual([`${START_LINK}RACE1`])
    })

    it('an update whose handling failed before its commit is answered when it comes again, once', async () => {
      // The answer cannot be queued (as when the process dies right after recording the update): nothing commits.
      await t.database.db.execute(sql`
        create function refuse_crash_code() returns trigger language plpgsql as $$
        begin
          if new.params->>'code' = 'CRASH1' then raise exception 'the process died here'; end if;
          return new;
        end $$`)
      await t.database.db.execute(sql`
        create trigger refuse_crash_code before insert on bot_outbox
          for each row execute function refuse_crash_code()`)
      const user = freshTelegramUser({ language_code: 'en' })
      let updateId: number
      try {
        updateId = await fake.userSends(user, '/start CRASH1')
        expect(await handledRows(updateId)).toEqual([])
      } finally {
        await t.database.db.execute(sql`drop trigger refuse_crash_code on bot_outbox`)
        await t.database.db.execute(sql`drop function refuse_crash_code()`)
      }
      expect(fake.messagesTo(user.id)).toEqual([])
      expect(await fake.redeliver(updateId, { url: urlOf(1) })).toBe(200)
      expect(await fake.redeliver(updateId, { url: urlOf(0) })).toBe(200)
      expect(await settledAnswers(user.id)).toEqual([`${START_LINK}CRASH1`])
    })
  })

  describe('updates and the outbox', () => {
    let app: FastifyInstance
    let appClosed = false
    beforeAll(async () => {
      // A second process on the same database that polls and sends, as `npm start` does.
      app = await buildAppOn(t, { config: { bot: botConfig(fake.url, { polling: true }, 100) } })
    })
    afterAll(async () => {
      if (!appClosed) await app.close()
    })

    const sendToBot = async (
      from: { id: number; first_name: string; language_code?: string },
      text: string,
    ) => {
      const before = fake.messagesTo(from.id).length
      await fake.userSends(from, text)
      await waitFor(() => fake.messagesTo(from.id).length > before)
      return fake.messagesTo(from.id).at(-1)
    }

    it('/start <code> answers in the user language with a button opening the mini-app with that code', async () => {
      const user = freshTelegramUser({ language_code: 'fa' })
      const message = await sendToBot(user, '/start demo-ref')
      expect(message?.text).toMatch(/خوش آمدید/)
      expect(message?.reply_markup).toEqual({
        inline_keyboard: [
          [{ text: 'باز کردن برنامه', url: 'https://t.me/AccountSupplyDemoBot?startapp=demo-ref' }],
        ],
      })
      const english = await sendToBot(freshTelegramUser({ language_code: 'en' }), '/start SPRING')
      expect(english?.text).toMatch(/^Welcome!/)
    })

    it("/start without a code (Telegram's Start button) welcomes a member with the open-app button, in their language", async () => {
      for (const [language, welcome, open] of [
        ['en', /^Welcome back!/, 'Open the app'],
        ['fa', /^خوش برگشتید!/, 'باز کردن برنامه'],
      ] as const) {
        const member = freshTelegramUser({ language_code: language })
        await authorize(t.app, member)
        const message = await sendToBot(member, '/start')
        expect(message?.text).toMatch(welcome)
        expect(message?.text).not.toMatch(/invitation|دعوت/)
        expect(message?.reply_markup).toEqual({
          inline_keyboard: [[{ text: open, url: 'https://t.me/AccountSupplyDemoBot?startapp' }]],
        })
      }
    })

    it('/start without a code explains the invitation; another command gets a short help', async () => {
      const user = freshTelegramUser({ language_code: 'en' })
      expect((await sendToBot(user, '/start'))?.text).toMatch(/needs an invitation/)
      expect((await sendToBot(user, '/balance'))?.text).toMatch(/^I tell you when/)
      expect((await sendToBot(user, '/start'))?.reply_markup).toBeUndefined()
    })

    it('an update a poll serves again (the holder crashed before recording its position) gets no second answer', async () => {
      const user = freshTelegramUser({ language_code: 'en' })
      const updateId = await fake.userSends(user, '/start POLLED1')
      await waitFor(() => fake.messagesTo(user.id).length === 1)
      const position = async () => {
        const result = (await t.database.db.execute(
          sql`select position from leases where name = 'bot-polling'`,
        )) as { rows: { position: string | number }[] }
        return Number(result.rows[0]?.position)
      }
      await waitFor(async () => (await position()) >= updateId)
      // What a crash between handling the update and recording the position leaves: the position before it, and
      // Telegram still holding the update, as no poll confirmed it.
      const pollsBefore = fake.calls.length
      await t.database.db.execute(
        sql`update leases set position = ${updateId - 1} where name = 'bot-polling'`,
      )
      // Served again once a poll asks from the old position (one that began before would confirm it, as Telegram's).
      await waitFor(() =>
        fake.calls
          .slice(pollsBefore)
          .some((c) => c.method === 'getUpdates' && Number(c.params.offset) === updateId),
      )
      await fake.redeliver(updateId)
      await waitFor(async () => (await position()) >= updateId)
      await new Promise((resolve) => setTimeout(resolve, REPEAT_MS))
      expect(fake.messagesTo(user.id).map((m) => read(m).button?.url)).toEqual([`${START_LINK}POLLED1`])
    })

    it('one process polls at a time: each update answered once; when the holder stops and its lease runs out, the other goes on without repeats', async () => {
      // Another process polling the same database, with a short lease so that it looks for it often.
      const other = await buildAppOn(t, {
        config: { bot: botConfig(fake.url, { polling: true, pollingLeaseSeconds: 1 }, 100) },
      })
      try {
        const users = Array.from({ length: 8 }, () => freshTelegramUser({ language_code: 'en' }))
        const startCodes = users.map((_, i) => `HANDOVER${i}`)
        const answered = (from: number, to: number) =>
          users.slice(from, to).every((u) => fake.messagesTo(u.id).length > 0)
        // The suite's process holds the lease (it has polled since the describe began): half the updates.
        for (const [i, user] of users.slice(0, 4).entries())
          await fake.userSends(user, `/start ${startCodes[i]}`)
        await waitFor(() => answered(0, 4))
        // It stops as a crashed process would leave it: its lease still running, for one more second.
        await app.close()
        appClosed = true
        const lease = (await t.database.db.execute(
          sql`update leases set expires_at = now() + interval '1 second' where name = 'bot-polling' returning position`,
        )) as unknown as { rows: { position: string | number }[] }
        const handled = Number(lease.rows[0]?.position)
        const callsAtStop = fake.calls.length
        for (const [i, user] of users.slice(4).entries())
          await fake.userSends(user, `/start ${startCodes[i + 4]}`)
        await waitFor(() => answered(4, 8))
        // The other asked Telegram for what follows the last update the holder handled, and no earlier.
        const polls = fake.calls.slice(callsAtStop).filter((c) => c.method === 'getUpdates')
        expect(Number(polls[0]?.params.offset)).toBe(handled + 1)
        await new Promise((resolve) => setTimeout(resolve, 500)) // a repeat would be here by now
        for (const [i, user] of users.entries()) {
          const buttons = fake.messagesTo(user.id).map((m) => read(m).button?.url)
          expect(buttons, `update ${i}`).toEqual([`${START_LINK}${startCodes[i]}`])
        }
      } finally {
        await other.close()
      }
    }, 20_000)
  })
})
