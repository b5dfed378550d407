/**
 * The bot's notifications through the outbox, against the fake Bot API over real HTTP (docs/bot.md), on PGlite and
 * PostgreSQL: each kind driven by the real state change (operators' calls, the validation engine, the user's
 * requests), sent once in the user's language with the button of its screen, the operator's reason kept out; the
 * operators' chat; 429 waited out; 403 stops messages until /start; 5xx retried, then given up with the reason;
 * two workers share one outbox; email-only users get nothing.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeBotApi, startFakeBotApi } from '#dev/fake-bot-api/server.ts'
import { createTelegramBot } from '#modules/bot/client.ts'
import { loadBotTexts } from '#modules/bot/messages.ts'
import { listChatMessages, markStarted } from '#modules/bot/repository.ts'
import { createBotService } from '#modules/bot/service.ts'
import { queueUserMessage } from '#modules/bot-outbox/queue.ts'
import { createValidationService } from '#modules/validation/service.ts'
import { createSandboxProvider } from '#providers/sandbox/sandbox-provider.ts'
import type { Config } from '#src/config.ts'
import { userIdOf } from '../helpers/accounts.ts'
import { authorize, bearer, json, testConfig, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { freshTelegramUser, TEST_BOT_TOKEN } from '../helpers/init-data.ts'
import { acceptedAccounts, openPayments, opsOf, opsOk, VALID } from '../helpers/payments.ts'
import { pendingAccount } from '../helpers/referrals.ts'

const BOT_LINK = 'https://t.me/AccountSupplyDemoBot?startapp='
/** A Latin run (phone, coin amount) isolated left to right inside a Persian sentence. */
const ltr = (text: string) => `\u2066${text}\u2069`
type Sent = { text: string; reply_markup?: unknown }
/** A message as the user reads it: its text, and its one button's label and URL. */
const read = (message: Sent | undefined) => {
  const button = (
    message?.reply_markup as { inline_keyboard?: { text: string; url: string }[][] } | undefined
  )?.inline_keyboard?.[0]?.[0]
  return { text: message?.text, button: button && { text: button.text, url: button.url } }
}

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
  const worker = (outbox: Partial<Config['bot']['outbox']> = {}) =>
    createBotService({
      db: t.database.db,
      now: () => new Date(),
      // The fake answers from this process, beside PGlite's blocking queries: under load a send can take over a
      // second, and one that timed out after arriving is rightly sent again (at least once), failing the count.
      bot: createTelegramBot(TEST_BOT_TOKEN, fake.url, 10),
      botToken: TEST_BOT_TOKEN,
      botTexts: loadBotTexts(t.config.localesDir),
      webhookSecret: 'unused',
      config: {
        bot: { ...t.config.bot, outbox: { ...t.config.bot.outbox, ...outbox } },
        referralLink: t.config.referralLink,
      },
    })
  /**
   * Sends until nothing due is left (a chat sent to within the last second waits for a later look), without the
   * pause between one chat's messages: the operators' chat gets a dozen here.
   */
  const deliverAll = async () => {
    const bot = worker({ perChatIntervalMs: 0 })
    for (let look = 0; look < 60; look++) {
      await bot.deliverDue()
      const due = (await t.database.db.execute(
        sql`select count(*)::int as n from bot_outbox where status in ('pending', 'sending') and next_attempt_at <= now()`,
      )) as unknown as { rows: { n: number }[] }
      if (due.rows[0]?.n === 0) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error('bot messages still due after 60 looks')
  }
  const opsChat = () => fake.messagesTo(-100777).map((m) => m.text)
  /**
   * Every button the bot sent opens the mini-app with a start parameter Telegram passes on: at most 64 characters
   * of A-Z a-z 0-9 _ - (the payout's was 78, and opened nothing).
   */
  const expectButtonsTelegramOpens = () => {
    const urls = fake.sent.flatMap((m) =>
      ((m.reply_markup as { inline_keyboard?: { url?: string }[][] } | undefined)?.inline_keyboard ?? [])
        .flat()
        .map((b) => b.url ?? ''),
    )
    expect(urls.length).toBeGreaterThan(0)
    for (const url of urls) {
      expect(url).toMatch(/^https:\/\/t\.me\/AccountSupplyDemoBot\?startapp=/)
      expect(new URL(url).searchParams.get('startapp')).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
    }
  }

  async function userWhoStarted(language: 'en' | 'fa') {
    const tg = freshTelegramUser({ language_code: language })
    const tokens = await authorize(t.app, tg)
    const userId = await userIdOf(t.database.db, tg.id)
    await markStarted(t.database.db, tg.id, new Date())
    return { tg, tokens, userId }
  }

  /** A user who started the bot, with an invoice (pending confirmation) of accepted accounts worth `net`. */
  async function userWithInvoice(language: 'en' | 'fa', net: bigint) {
    const user = await userWhoStarted(language)
    await acceptedAccounts(t.database.db, user.userId, [net])
    const created = await t.app.inject({
      method: 'POST',
      url: '/invoices/request-invoice',
      headers: bearer(user.tokens.accessToken),
    })
    expect(created.statusCode, created.body).toBeLessThan(300)
    return { ...user, invoice: json<{ uid: string }>(created).uid }
  }

  it('invoice confirmed: one message, in Persian, with a button opening the invoice; operators heard of it', async () => {
    const ops = opsOf(t.app)
    await openPayments(ops)
    const { tg, invoice: uid } = await userWithInvoice('fa', 5_000_000n)
    await opsOk(ops, 'POST', `/ops/invoices/${uid}/confirm`)
    const bot = worker()
    await bot.deliverDue()
    await bot.deliverDue()
    const toUser = fake.messagesTo(tg.id)
    expect(toUser).toHaveLength(1)
    expect(toUser[0]?.text).toBe(
      'فاکتور \u20665.00 USDT\u2069 شما تأیید شد. اکنون می‌توانید درخواست پرداخت بدهید.',
    )
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

  it('accounts: accepted, rejected (the operator reason stays out), failed validation: once each, masked phone, account button', async () => {
    const ops = opsOf(t.app)
    const fa = await userWhoStarted('fa')
    const en = await userWhoStarted('en')
    const accepted = await pendingAccount(t.database.db, fa.userId, 1_000_000n)
    const rejected = await pendingAccount(t.database.db, fa.userId, 1_000_000n)
    await opsOk(ops, 'PUT', `/ops/accounts/${accepted}/status`, { status: 'accepted' })
    await opsOk(ops, 'PUT', `/ops/accounts/${rejected}/status`, {
      status: 'rejected',
      reason: 'duplicate seller, internal note 4471',
    })
    // The sandbox number whose validation fails the connection check ('Connection Failed'), due now.
    const failed = (
      (await t.database.db.execute(sql`
        insert into accounts (user_id, phone, country, price, net, submit_type, status, validation_at)
        values (${en.userId}, '+12015550110', 'US', 1000000, 1000000, 'login', 'pending', now() - interval '1 second')
        returning uid`)) as unknown as { rows: { uid: string }[] }
    ).rows[0]?.uid
    const validation = createValidationService({
      db: t.database.db,
      now: () => new Date(),
      accountProvider: createSandboxProvider(),
    })
    expect(await validation.runDue(100)).toBe(1)
    await deliverAll()

    const phones = (
      (await t.database.db.execute(
        sql`select uid::text, phone from accounts where uid in (${accepted}, ${rejected})`,
      )) as unknown as { rows: { uid: string; phone: string }[] }
    ).rows
    const masked = (uid: string) => {
      const digits = (phones.find((p) => p.uid === uid)?.phone ?? '').replace(/\D/g, '')
      return `+${'•'.repeat(digits.length - 4)}${digits.slice(-4)}`
    }
    const openAccount = (uid: string, text: string) => ({ text, url: `${BOT_LINK}go_a_${uid}` })
    expect(fake.messagesTo(fa.tg.id).map(read)).toEqual([
      // The app's word for an account (اکانت), the phone kept left to right in the Persian sentence.
      { text: `اکانت ${ltr(masked(accepted))} پذیرفته شد.`, button: openAccount(accepted, 'باز کردن اکانت') },
      { text: `اکانت ${ltr(masked(rejected))} رد شد.`, button: openAccount(rejected, 'باز کردن اکانت') },
    ])
    expect(fake.messagesTo(en.tg.id).map(read)).toEqual([
      {
        text: 'Account +•••••••0110 failed validation: Connection Failed.',
        button: openAccount(failed ?? '', 'Open the account'),
      },
    ])
  })

  it("failed validation as 'MF' or 'CF' says what the label means, in words, in the user's language", async () => {
    const en = await userWhoStarted('en')
    const fa = await userWhoStarted('fa')
    // The sandbox numbers whose validation fails the send-message ('MF') and add-contact ('CF') checks, due now.
    for (const [userId, phone] of [
      [en.userId, '+12015550113'],
      [fa.userId, '+12015550114'],
    ] as const) {
      await t.database.db.execute(sql`
        insert into accounts (user_id, phone, country, price, net, submit_type, status, validation_at)
        values (${userId}, ${phone}, 'US', 1000000, 1000000, 'login', 'pending', now() - interval '1 second')`)
    }
    const validation = createValidationService({
      db: t.database.db,
      now: () => new Date(),
      accountProvider: createSandboxProvider(),
    })
    expect(await validation.runDue(100)).toBe(2)
    // And the other label in each language, queued as the validation queues it (each sandbox number exists once).
    const other = { accountUid: '00000000-0000-4000-8000-000000000002', phone: '+•••••••0199' }
    await queueUserMessage(t.database.db, {
      userId: en.userId,
      kind: 'account_validation_failed',
      params: { ...other, reason: 'addContact' },
      now: new Date(),
    })
    await queueUserMessage(t.database.db, {
      userId: fa.userId,
      kind: 'account_validation_failed',
      params: { ...other, reason: 'sendMessage' },
      now: new Date(),
    })
    await deliverAll()
    expect(fake.messagesTo(en.tg.id).map((m) => m.text)).toEqual([
      'Account +•••••••0113 failed validation: MF (message failed: the account could not send a message).',
      'Account +•••••••0199 failed validation: CF (contact failed: the account could not add a contact).',
    ])
    expect(fake.messagesTo(fa.tg.id).map((m) => m.text)).toEqual([
      `اعتبارسنجی اکانت ${ltr('+•••••••0114')} ناموفق بود: ${ltr('CF')} (افزودن مخاطب ناموفق: اکانت نتوانست مخاطب اضافه کند).`,
      `اعتبارسنجی اکانت ${ltr('+•••••••0199')} ناموفق بود: ${ltr('MF')} (ارسال پیام ناموفق: اکانت نتوانست پیام بفرستد).`,
    ])
  })

  it("follows the language of the user's latest launch: signed in in English, relaunched in Persian with stored tokens, and back", async () => {
    const ops = opsOf(t.app)
    const user = await userWhoStarted('en')
    /** What the mini-app sends at each launch with stored tokens: the language it shows. */
    const launchIn = (language: string, headers: Record<string, string> = bearer(user.tokens.accessToken)) =>
      t.app.inject({ method: 'PUT', url: '/me/language', headers, payload: { language } })
    const acceptAccount = async () => {
      const uid = await pendingAccount(t.database.db, user.userId, 1_000_000n)
      await opsOk(ops, 'PUT', `/ops/accounts/${uid}/status`, { status: 'accepted' })
      await deliverAll()
    }
    expect((await launchIn('fa')).statusCode).toBe(204)
    await acceptAccount()
    expect((await launchIn('en')).statusCode).toBe(204)
    await acceptAccount()
    const texts = fake.messagesTo(user.tg.id).map((m) => m.text)
    expect(texts).toHaveLength(2)
    expect(texts[0]).toMatch(/^اکانت \u2066\+•+\d{4}\u2069 پذیرفته شد\.$/)
    expect(texts[1]).toMatch(/^Account \+•+\d{4} was accepted\.$/)
    // Only the app's languages, and only for a signed-in user.
    expect((await launchIn('de')).statusCode).toBe(400)
    expect((await launchIn('fa', {})).statusCode).toBe(401)
  })

  it('invoices: rejected by an operator (the reason stays out): once, in English, the invoice button', async () => {
    const ops = opsOf(t.app)
    await openPayments(ops)
    const { tg, invoice: uid } = await userWithInvoice('en', 2_500_000n)
    await opsOk(ops, 'POST', `/ops/invoices/${uid}/reject`, { reason: 'wrong wallet, internal note 8812' })
    await deliverAll()
    expect(fake.messagesTo(tg.id).map(read)).toEqual([
      {
        text: 'Your invoice of 2.50 USDT was rejected. Its accounts are back in your balance.',
        button: { text: 'Open the invoice', url: `${BOT_LINK}go_i_${uid}` },
      },
    ])
  })

  it('payouts: sent in TRX and USDT with the explorer link, in toman without, failed; operators hear of each request and of a long review once', async () => {
    const ops = opsOf(t.app)
    await openPayments(ops)
    /** A user with a confirmed invoice of 5 USDT who requests its payout: the transaction's uid. */
    const requested = async (language: 'en' | 'fa', path: string, body: Record<string, unknown>) => {
      const user = await userWithInvoice(language, 5_000_000n)
      await opsOk(ops, 'POST', `/ops/invoices/${user.invoice}/confirm`)
      const payout = await t.app.inject({
        method: 'POST',
        url: `/invoices/${user.invoice}/${path}`,
        headers: bearer(user.tokens.accessToken),
        payload: body,
      })
      expect(payout.statusCode, payout.body).toBe(201)
      return { ...user, transaction: json<{ uid: string }>(payout).uid }
    }
    const succeed = async (transaction: string, proof: Record<string, string>) => {
      await opsOk(ops, 'POST', `/ops/transactions/${transaction}/broadcast`)
      await opsOk(ops, 'POST', `/ops/transactions/${transaction}/succeed`, proof)
    }
    const trx = await requested('en', 'request-payment', { receiverAddress: VALID.tron, currency: 'trx' })
    await succeed(trx.transaction, { txid: VALID.trxTxid, senderAddress: VALID.tron })
    const usdt = await requested('fa', 'request-payment-crypto', {
      receiverAddress: VALID.bsc,
      network: 'BSC',
      token: 'USDT',
    })
    await succeed(usdt.transaction, { txid: VALID.bscTxid, senderAddress: VALID.bsc })
    const card = { name: 'Reza', family: 'Karimi', number: VALID.card, iban: VALID.iban }
    const irt = await requested('fa', 'request-payment-irt', { bankCardCreate: card, currency: 'irt' })
    await succeed(irt.transaction, { txid: 'REF-20250101-77' })
    const failed = await requested('en', 'request-payment', { receiverAddress: VALID.tron, currency: 'trx' })
    await opsOk(ops, 'POST', `/ops/transactions/${failed.transaction}/fail`, {
      reason: 'hot wallet empty, internal note 5530',
    })
    const reviewed = await requested('en', 'request-payment', {
      receiverAddress: VALID.tron,
      currency: 'trx',
    })
    await opsOk(ops, 'POST', `/ops/transactions/${reviewed.transaction}/review`, { reason: 'large amount' })
    // A day and more in review; the alert is looked for twice, and said once.
    await t.database.db.execute(
      sql`update transactions set updated_at = now() - interval '25 hours' where uid = ${reviewed.transaction}`,
    )
    const alerts = worker()
    expect(await alerts.queueReviewAlerts()).toBe(1)
    expect(await alerts.queueReviewAlerts()).toBe(0)
    await deliverAll()

    /** The user's messages after the invoice confirmation, as read. */
    const payoutMessages = (user: { tg: { id: number } }) => fake.messagesTo(user.tg.id).slice(1).map(read)
    const openPayout = (user: { transaction: string }, text = 'Open the payout') => ({
      text,
      url: `${BOT_LINK}go_t_${user.transaction}`,
    })
    expect(payoutMessages(trx)).toEqual([
      {
        text: `Your payout of 17.50 TRX was sent. Transaction: https://tronscan.org/#/transaction/${VALID.trxTxid}`,
        button: openPayout(trx),
      },
    ])
    expect(payoutMessages(usdt)).toEqual([
      {
        text: `پرداخت ${ltr('4.70 USDT')} شما ارسال شد. تراکنش: https://bscscan.com/tx/${VALID.bscTxid}`,
        button: openPayout(usdt, 'باز کردن پرداخت'),
      },
    ])
    expect(payoutMessages(irt)).toEqual([
      // Toman as the app writes it: grouped, whole, its word ('1,182,000 تومان'), not '492500 IRT'.
      { text: 'پرداخت 492,500 تومان شما ارسال شد.', button: openPayout(irt, 'باز کردن پرداخت') },
    ])
    expect(payoutMessages(failed)).toEqual([
      {
        text: 'Your payout of 17.50 TRX failed. You can request it again.',
        button: openPayout(failed),
      },
    ])
    expect(payoutMessages(reviewed)).toEqual([])
    const toOperators = opsChat().join('\n')
    for (const { invoice } of [trx, usdt, irt, failed, reviewed]) {
      expect(toOperators).toContain(
        `New payout request awaiting sending: 5.00 USDT (invoice ${invoice}).\nnpm run ops -- transaction list --status pending`,
      )
    }
    expect(opsChat().filter((text) => text?.includes(`Payout ${reviewed.transaction} `))).toEqual([
      `Payout ${reviewed.transaction} (17.50 TRX) has been in review for more than a day.`,
    ])
    expect(toOperators).not.toMatch(/internal note/)
    expectButtonsTelegramOpens()
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

  it('gives up after the bounded tries and records why; a refused message fails at once, with its reason', async () => {
    const { tg, userId } = await userWhoStarted('en')
    const queue = () =>
      queueUserMessage(t.database.db, {
        userId,
        kind: 'invoice_confirmed',
        params: { amount: '1.00', invoiceUid: '00000000-0000-4000-8000-000000000002' },
        now: new Date(),
      })
    const rows = async () =>
      (
        (await t.database.db.execute(
          sql`select status, attempts, last_error from bot_outbox where chat_id = ${tg.id} order by id`,
        )) as unknown as { rows: { status: string; attempts: number; last_error: string | null }[] }
      ).rows
    await queue()
    fake.addFault({ method: 'sendMessage', chatId: tg.id, kind: 'server_error', times: 100 })
    const bot = worker({ maxAttempts: 3, backoffBaseMs: 20, backoffMaxMs: 20, perChatIntervalMs: 0 })
    const tries = () =>
      fake.calls.filter((c) => c.method === 'sendMessage' && c.params.chat_id === tg.id).length
    for (let look = 0; look < 100 && (await rows())[0]?.status !== 'failed'; look++) {
      await bot.deliverDue()
      await new Promise((resolve) => setTimeout(resolve, 30))
    }
    expect(await rows()).toEqual([{ status: 'failed', attempts: 3, last_error: '502: Bad Gateway' }])
    expect(tries()).toBe(3)
    await new Promise((resolve) => setTimeout(resolve, 50))
    await bot.deliverDue()
    expect(tries()).toBe(3)
    fake.clearFaults()
    // Another 4xx than 403 and 429 is not retried.
    await queue()
    fake.addFault({ method: 'sendMessage', chatId: tg.id, kind: 'server_error', status: 400 })
    await bot.deliverDue()
    expect((await rows())[1]).toEqual({ status: 'failed', attempts: 1, last_error: '400: Bad Gateway' })
    expect(fake.messagesTo(tg.id)).toEqual([])
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
