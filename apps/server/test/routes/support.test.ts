/**
 * Support over real HTTP on every database, with the fake Bot API (docs/support.md): a user writes from an error
 * with its context, operators read, reply, assign and close (viewers only read), each change audited; the reply goes
 * out once through the bot in the user's language as plain text; seen and replied marks; photos by file id, shown
 * to operators only; a blocked user reaches support and nothing else; the bot's messages join the thread; the
 * limits answer 4xx with the error table's texts; the unanswered alert is sent once.
 */
import {
  SUPPORT_MESSAGES_PER_HOUR,
  SUPPORT_TEXT_MAX,
  type SupportMessage,
  SupportMessageSchema,
  type SupportThread,
  SupportThreadSchema,
} from '@app/contract'
import { OpsSupportThreadDetailSchema, OpsSupportThreadListSchema } from '@app/contract/ops'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeBotApi, startFakeBotApi } from '#dev/fake-bot-api/server.ts'
import { createTelegramBot } from '#modules/bot/client.ts'
import { loadBotTexts } from '#modules/bot/messages.ts'
import { markStarted } from '#modules/bot/repository.ts'
import { createBotService } from '#modules/bot/service.ts'
import { createSupportService } from '#modules/support/service.ts'
import type { Config } from '#src/config.ts'
import { authorize, bearer, json, TEST_OPS_TOKEN, testConfig, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import {
  freshTelegramUser,
  signInitData,
  TEST_BOT_TOKEN,
  type TestTelegramUser,
} from '../helpers/init-data.ts'
import { operatorsOf, testClock } from '../helpers/operators.ts'

const OPS_CHAT = -100_555
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001',
  'hex',
)
const HOSTILE = '<script>alert(1)</script> *bold* _x_ [link](http://evil.example) <b>&amp;</b> {{text}}'

describe.each(DATABASE_KINDS)('support on %s', (kind) => {
  let fake: FakeBotApi
  const options: { config: Partial<Config> } = { config: {} }
  beforeAll(async () => {
    fake = await startFakeBotApi({ token: TEST_BOT_TOKEN })
    const base = testConfig().bot
    options.config.bot = { ...base, apiRoot: fake.url, apiTimeoutSeconds: 2, opsChatId: OPS_CHAT }
  })
  afterAll(async () => {
    await fake.close()
  })
  const t = useTestApp(kind, options)
  const clock = testClock()
  const operators = operatorsOf(() => t.app, clock, `support-${kind}`)

  const bot = () =>
    createBotService({
      db: t.database.db,
      now: () => new Date(),
      bot: createTelegramBot(TEST_BOT_TOKEN, fake.url, 2),
      botToken: TEST_BOT_TOKEN,
      botTexts: loadBotTexts(t.config.localesDir),
      webhookSecret: 'unused',
      config: {
        bot: { ...t.config.bot, outbox: { ...t.config.bot.outbox, perChatIntervalMs: 0 } },
        referralLink: t.config.referralLink,
        appOrigins: ['https://app.example.test'],
      },
    })
  const deliverAll = async () => {
    for (let look = 0; look < 20 && (await bot().deliverDue()) > 0; look++);
  }

  async function newUser(language = 'en', started = true) {
    const tg = freshTelegramUser({ language_code: language })
    const tokens = await authorize(t.app, tg)
    if (started) await markStarted(t.database.db, tg.id, new Date())
    const as = (method: 'GET' | 'POST', url: string, payload?: unknown, auth = bearer(tokens.accessToken)) =>
      t.app.inject({
        method,
        url,
        headers: auth,
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
    return { tg, tokens, as }
  }
  const ops = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = TEST_OPS_TOKEN) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  const threadOf = async (user: Awaited<ReturnType<typeof newUser>>) => {
    const response = await user.as('GET', '/support/thread')
    expect(response.statusCode, response.body).toBe(200)
    return SupportThreadSchema.parse(json(response)) as SupportThread
  }
  const inboxFind = async (q: string) => {
    const response = await ops('GET', `/ops/support/threads?q=${encodeURIComponent(q)}`)
    expect(response.statusCode, response.body).toBe(200)
    return OpsSupportThreadListSchema.parse(json(response)).items
  }
  const tma = (tg: TestTelegramUser) => ({ authorization: `tma ${signInitData({ user: tg })}` })

  it('a message from an error reaches the inbox with its context; read, reply in Persian through the bot once', async () => {
    const user = await newUser('fa')
    const context = { screen: '/invoices', errorCode: 'INTERNAL_ERROR', status: 500, requestId: 'req-42' }
    const sent = await user.as('POST', '/support/messages', { text: 'پرداخت من انجام نشد', context })
    expect(sent.statusCode, sent.body).toBe(201)
    expect(SupportMessageSchema.parse(json(sent))).toMatchObject({ from: 'user', state: 'sent', via: 'app' })

    const [listed] = await inboxFind(String(user.tg.id))
    expect(listed).toMatchObject({ status: 'open', unread: 1, user: { language: 'fa', blocked: false } })
    const uid = listed?.uid ?? ''
    const detail = OpsSupportThreadDetailSchema.parse(json(await ops('GET', `/ops/support/threads/${uid}`)))
    expect(detail.messages[0]?.context).toEqual(context)

    // The operators' chat heard of the new thread, with the console's link.
    await deliverAll()
    expect(fake.messagesTo(OPS_CHAT).some((m) => m.text.includes(`/console/support/${uid}`))).toBe(true)

    expect((await ops('POST', `/ops/support/threads/${uid}/read`)).statusCode).toBe(200)
    expect((await threadOf(user)).messages[0]?.state).toBe('seen')

    const clientKey = crypto.randomUUID()
    const replied = await ops('POST', `/ops/support/threads/${uid}/replies`, {
      text: 'بررسی شد، پرداخت انجام می‌شود.',
      clientKey,
    })
    expect(replied.statusCode, replied.body).toBe(201)
    // A retry of the same reply (a lost answer) is the same reply, sent once.
    const again = await ops('POST', `/ops/support/threads/${uid}/replies`, {
      text: 'بررسی شد، پرداخت انجام می‌شود.',
      clientKey,
    })
    expect(json(again).uid).toBe(json(replied).uid)
    await deliverAll()
    await deliverAll()
    const toUser = fake.messagesTo(user.tg.id)
    expect(toUser).toHaveLength(1)
    expect(toUser[0]?.text).toBe('پاسخ پشتیبانی:\n\nبررسی شد، پرداخت انجام می‌شود.')
    expect(JSON.stringify(toUser[0]?.reply_markup)).toContain('startapp=go_support')

    const thread = await threadOf(user)
    expect(thread.status).toBe('waiting')
    expect(thread.messages.map((m: SupportMessage) => [m.from, m.state])).toEqual([
      ['user', 'replied'],
      ['operator', null],
    ])
    expect(thread.unread).toBe(1)
    await user.as('POST', '/support/read')
    expect((await threadOf(user)).unread).toBe(0)
  })

  it('hostile text is kept and sent as text: no parse mode, nothing expanded', async () => {
    const user = await newUser('en')
    expect((await user.as('POST', '/support/messages', { text: HOSTILE })).statusCode).toBe(201)
    const [listed] = await inboxFind(String(user.tg.id))
    const detail = OpsSupportThreadDetailSchema.parse(
      json(await ops('GET', `/ops/support/threads/${listed?.uid}`)),
    )
    expect(detail.messages[0]?.text).toBe(HOSTILE)
    const replied = await ops('POST', `/ops/support/threads/${listed?.uid}/replies`, { text: HOSTILE })
    expect(replied.statusCode, replied.body).toBe(201)
    await deliverAll()
    const call = fake.calls.find((c) => c.method === 'sendMessage' && Number(c.params.chat_id) === user.tg.id)
    expect(call?.params.text).toBe(`Support replied:\n\n${HOSTILE}`)
    expect(call?.params.parse_mode).toBeUndefined()
  })

  it('viewers read but may not reply, assign or close; operators may, and each change is audited', async () => {
    const user = await newUser()
    await user.as('POST', '/support/messages', { text: 'hello' })
    const [listed] = await inboxFind(String(user.tg.id))
    const uid = listed?.uid ?? ''
    const viewer = await operators.tokenOf('viewer')
    expect((await ops('GET', `/ops/support/threads/${uid}`, undefined, viewer)).statusCode).toBe(200)
    for (const [path, body] of [
      ['replies', { text: 'no' }],
      ['assign', { operator: null }],
      ['close', undefined],
    ] as const) {
      const refused = await ops('POST', `/ops/support/threads/${uid}/${path}`, body, viewer)
      expect(refused.statusCode, path).toBe(403)
    }
    const operatorEnrolment = await operators.enrol('operator')
    const operator = await operators.issueToken(operatorEnrolment.operator.login)
    const assigned = await ops(
      'POST',
      `/ops/support/threads/${uid}/assign`,
      { operator: operatorEnrolment.operator.login },
      operator,
    )
    expect(json(assigned)).toEqual({ assignee: operatorEnrolment.operator.login })
    expect(
      (await ops('POST', `/ops/support/threads/${uid}/assign`, { operator: 'nobody-here' }, operator))
        .statusCode,
    ).toBe(400)
    const mine = json<{ items: { uid: string }[] }>(
      await ops('GET', '/ops/support/threads?mine=true', undefined, operator),
    )
    expect(mine.items.map((i) => i.uid)).toContain(uid)
    expect(
      (await ops('POST', `/ops/support/threads/${uid}/replies`, { text: 'hi' }, operator)).statusCode,
    ).toBe(201)
    expect(json(await ops('POST', `/ops/support/threads/${uid}/close`, undefined, operator))).toEqual({
      status: 'closed',
    })
    const audit = await t.database.db.execute(
      sql`select action from audit_log where object_id = ${uid} order by id`,
    )
    expect((audit as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual([
      'support.assign',
      'support.reply',
      'support.close',
    ])
    // The user's next message opens it again.
    await user.as('POST', '/support/messages', { text: 'one more thing' })
    expect((await threadOf(user)).status).toBe('open')
  })

  it('a blocked user reaches support with Telegram init data, and nothing else', async () => {
    const user = await newUser()
    const blocked = await ops('POST', `/ops/users/${user.tg.id}/block`, { reason: 'test' })
    expect(blocked.statusCode, blocked.body).toBe(200)
    expect((await user.as('GET', '/support/thread')).statusCode).toBe(401)
    const sent = await user.as('POST', '/support/messages', { text: 'why am I blocked?' }, tma(user.tg))
    expect(sent.statusCode, sent.body).toBe(201)
    expect((await user.as('GET', '/support/thread', undefined, tma(user.tg))).statusCode).toBe(200)
    expect((await user.as('GET', '/dashboard', undefined, tma(user.tg))).statusCode).toBe(401)
    expect((await user.as('GET', '/accounts', undefined, tma(user.tg))).statusCode).toBe(401)
    const [listed] = await inboxFind(String(user.tg.id))
    expect(listed?.user.blocked).toBe(true)
    // Init data that is not signed by our bot, or names nobody: 401.
    const stranger = freshTelegramUser()
    expect((await user.as('GET', '/support/thread', undefined, tma(stranger))).statusCode).toBe(401)
    expect(
      (await user.as('GET', '/support/thread', undefined, { authorization: 'tma user=1&hash=00' }))
        .statusCode,
    ).toBe(401)
  })

  it('limits answer 4xx with the error table: size, empty, type, photo size, count per hour', async () => {
    const user = await newUser()
    const tooLong = await user.as('POST', '/support/messages', { text: 'x'.repeat(SUPPORT_TEXT_MAX + 1) })
    expect(tooLong.statusCode).toBe(400)
    expect(json(tooLong).message).toContain('at most 2,000 characters')
    expect((await user.as('POST', '/support/messages', { text: '   ' })).statusCode).toBe(400)
    const pdf = Buffer.from('%PDF-1.4 not a photo').toString('base64')
    const wrongType = await user.as('POST', '/support/messages', { photo: { type: 'image/png', data: pdf } })
    expect([wrongType.statusCode, json(wrongType).code]).toEqual([415, 'PHOTO_TYPE_NOT_ACCEPTED'])
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]).toString('base64')
    const tooBig = await user.as('POST', '/support/messages', { photo: { type: 'image/png', data: big } })
    expect([tooBig.statusCode, json(tooBig).code]).toEqual([413, 'PHOTO_TOO_LARGE'])
    for (let i = 0; i < SUPPORT_MESSAGES_PER_HOUR; i++) {
      const ok = await user.as('POST', '/support/messages', { text: `message ${i}` })
      expect(ok.statusCode, ok.body).toBe(201)
    }
    const over = await user.as('POST', '/support/messages', { text: 'one too many' })
    expect([over.statusCode, json(over).code]).toEqual([429, 'SUPPORT_LIMIT_REACHED'])
    expect(json<{ details: { wait: number } }>(over).details.wait).toBeGreaterThan(0)
    // Nothing a user wrote in the thread was lost, and nothing refused was kept.
    expect((await threadOf(user)).messages).toHaveLength(SUPPORT_MESSAGES_PER_HOUR)
  })

  it('the hourly count holds when the last messages of the hour are sent at once', async () => {
    const user = await newUser()
    for (let i = 0; i < SUPPORT_MESSAGES_PER_HOUR - 1; i++) {
      expect((await user.as('POST', '/support/messages', { text: `message ${i}` })).statusCode).toBe(201)
    }
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => user.as('POST', '/support/messages', { text: `burst ${i}` })),
    )
    const codes = burst.map((answer) => answer.statusCode).sort()
    expect(codes).toEqual([201, 429, 429, 429, 429, 429, 429, 429])
    expect((await threadOf(user)).messages).toHaveLength(SUPPORT_MESSAGES_PER_HOUR)
  })

  it('a photo from the mini-app is kept as a Telegram file id; operators see it, nobody else', async () => {
    const user = await newUser()
    const sent = await user.as('POST', '/support/messages', {
      text: 'my screen',
      photo: { type: 'image/png', data: PNG.toString('base64') },
    })
    expect(sent.statusCode, sent.body).toBe(201)
    expect(json(sent).hasPhoto).toBe(true)
    const upload = fake.calls.filter((c) => c.method === 'sendPhoto').at(-1)
    expect(Number(upload?.params.chat_id)).toBe(OPS_CHAT)
    const rows = (await t.database.db.execute(
      sql`select photo_file_id from support_messages where uid = ${json(sent).uid as string}`,
    )) as unknown as { rows: { photo_file_id: string }[] }
    expect(rows.rows[0]?.photo_file_id).toMatch(/^fake-photo-/)
    const viewer = await operators.tokenOf('viewer')
    const photo = await ops('GET', `/ops/support/photos/${json(sent).uid}`, undefined, viewer)
    expect(photo.statusCode).toBe(200)
    expect(photo.headers['content-type']).toBe('image/png')
    expect(photo.rawPayload.equals(PNG)).toBe(true)
    expect(
      (await t.app.inject({ method: 'GET', url: `/ops/support/photos/${json(sent).uid}` })).statusCode,
    ).toBe(401)
    expect((await user.as('GET', `/ops/support/photos/${json(sent).uid}`)).statusCode).toBe(401)
  })

  it('what a user writes to the bot joins the thread (text and photo), once per update; the bot says it arrived', async () => {
    const user = await newUser('fa')
    const service = bot()
    const from = { id: user.tg.id, is_bot: false, first_name: 'Test', language_code: 'fa' }
    const chat = { id: user.tg.id, type: 'private' as const, first_name: 'Test' }
    const update = {
      update_id: 9_000_001 + user.tg.id,
      message: { message_id: 1, date: 1, chat, from, text: 'سلام <b>کمک</b>' },
    }
    await service.handleUpdate(update)
    await service.handleUpdate(update)
    const photoFile = [{ file_id: 'from-user-photo', file_unique_id: 'u1', width: 1, height: 1 }]
    await service.handleUpdate({
      update_id: 9_000_002 + user.tg.id,
      message: { message_id: 2, date: 2, chat, from, photo: photoFile, caption: 'عکس' },
    })
    const thread = await threadOf(user)
    expect(thread.messages.map((m: SupportMessage) => [m.text, m.hasPhoto, m.via])).toEqual([
      ['سلام <b>کمک</b>', false, 'bot'],
      ['عکس', true, 'bot'],
    ])
    await deliverAll()
    const acks = fake.messagesTo(user.tg.id).filter((m) => m.text.includes('پشتیبانی'))
    expect(acks).toHaveLength(1)
  })

  it('a user who wrote to the bot without /start still gets the reply through the bot', async () => {
    const user = await newUser('en', false)
    const from = { id: user.tg.id, is_bot: false, first_name: 'Test', language_code: 'en' }
    const chat = { id: user.tg.id, type: 'private' as const, first_name: 'Test' }
    await bot().handleUpdate({
      update_id: 9_500_001 + user.tg.id,
      message: { message_id: 1, date: 1, chat, from, text: 'Where is my payout?' },
    })
    const [listed] = await inboxFind(String(user.tg.id))
    const replied = await ops('POST', `/ops/support/threads/${listed?.uid}/replies`, { text: 'On its way.' })
    expect(replied.statusCode, replied.body).toBe(201)
    await deliverAll()
    const texts = fake.messagesTo(user.tg.id).map((m) => m.text)
    expect(texts.filter((text) => text === 'Support replied:\n\nOn its way.')).toHaveLength(1)
  })

  it('operators hear once of a thread unanswered past the setting; the metrics count it', async () => {
    const user = await newUser()
    await user.as('POST', '/support/messages', { text: 'waiting' })
    const [listed] = await inboxFind(String(user.tg.id))
    await t.database.db.execute(
      sql`update support_threads set awaiting_since = now() - interval '2 hours' where uid = ${listed?.uid ?? ''}`,
    )
    const service = bot()
    await service.queueSupportAlerts()
    await service.queueSupportAlerts()
    const queued = (await t.database.db.execute(
      sql`select count(*)::int as n from bot_outbox where kind = 'ops_support_unanswered' and params->>'link' like ${`%${listed?.uid}`}`,
    )) as unknown as { rows: { n: number }[] }
    expect(queued.rows[0]?.n).toBe(1)

    const support = createSupportService({
      ...t.config,
      db: t.database.db,
      now: () => new Date(),
      botToken: TEST_BOT_TOKEN,
      botApiRoot: fake.url,
      bot: createTelegramBot(TEST_BOT_TOKEN, fake.url, 2),
      config: t.config,
    })
    const [open, oldest] = support.metrics()
    expect((await open?.get())?.values[0]?.value).toBeGreaterThanOrEqual(1)
    expect((await oldest?.get())?.values[0]?.value).toBeGreaterThanOrEqual(7200 - 5)
  })

  it("an operator sees the user's record beside the thread: the errors they met", async () => {
    const user = await newUser()
    const failed = await user.as('POST', '/invoices/request-invoice')
    expect(failed.statusCode).toBe(400)
    await user.as('POST', '/support/messages', { text: 'cannot withdraw' })
    const [listed] = await inboxFind(String(user.tg.id))
    await new Promise((resolve) => setTimeout(resolve, 100))
    const detail = OpsSupportThreadDetailSchema.parse(
      json(await ops('GET', `/ops/support/threads/${listed?.uid}`)),
    )
    expect(detail.record.errors[0]).toMatchObject({ route: '/invoices/request-invoice', status: 400 })
    expect(detail.record.accounts.total).toBe(0)
  })

  it('saved replies in both languages: operators keep them, viewers read them', async () => {
    const created = await ops('POST', '/ops/support/saved-replies', {
      title: 'Payout delay',
      en: 'Your payout is on its way.',
      fa: 'پرداخت شما در راه است.',
    })
    expect(created.statusCode, created.body).toBe(201)
    const viewer = await operators.tokenOf('viewer')
    const list = json<{ uid: string; fa: string }[]>(
      await ops('GET', '/ops/support/saved-replies', undefined, viewer),
    )
    expect(list.find((r) => r.uid === json(created).uid)?.fa).toBe('پرداخت شما در راه است.')
    expect(
      (await ops('DELETE', `/ops/support/saved-replies/${json(created).uid}`, undefined, viewer)).statusCode,
    ).toBe(403)
    expect((await ops('DELETE', `/ops/support/saved-replies/${json(created).uid}`)).statusCode).toBe(200)
  })
})
