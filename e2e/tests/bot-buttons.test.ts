/**
 * Every button the bot sends, opened as a user opens it (issue 20, item 4; docs/bot.md): on the simulator page (its
 * phone is 390 px wide), a demo user's account is accepted, their invoice confirmed and its payout sent; the Bot
 * chat panel shows what the fake Bot API recorded, and each message's button relaunches the mini-app with its start
 * parameter, through the launch path that takes what Telegram passes (64 characters of A-Z a-z 0-9 _ -), on the
 * screen the message is about. /start alone (Telegram's Start button) welcomes the member with a button that opens
 * the app. English, and Persian after a relaunch in Persian with stored tokens (the bot follows the launch's
 * language, writes amounts as the app does and calls an account اکانت).
 */
import type { Frame, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEMO_USERS } from '../../apps/server/dev/demo/demo-data.ts'
import { callApi, supplyAcceptedAccounts } from '../support/accounts.ts'
import { SCREENSHOTS } from '../support/browser.ts'
import { useE2e } from '../support/fixture.ts'

let nextPhone = 12_015_557_700

const BSC_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const BSC_SENDER = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'
const BSC_TXID = `0x${'cd34'.repeat(16)}`

const e2e = useE2e({ settings: { validation_delay_seconds: 1, min_payment_limit: '1', payment_open: true } })

type Lang = 'en' | 'fa'

/** The simulator page for a demo user in a language, the demo channel joined (no prompt in the way). */
async function openSimulator(telegramId: number, lang: Lang) {
  const joined = await fetch(`${e2e.server.url}/simulator/bot-chat/membership`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ user: telegramId, joined: true }),
  })
  expect(joined.status).toBe(200)
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 1000 } })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${e2e.server.url}/simulator?user=${telegramId}&lang=${lang}&platform=ios`)
  return { page, context, errors }
}

const app = (page: Page) => page.frameLocator('#app')

/** The mini-app's frame as it is now (each launch puts a new one in). */
async function appFrame(page: Page): Promise<Frame> {
  const frame = await (await page.locator('#app').elementHandle())?.contentFrame()
  if (!frame) throw new Error('no mini-app frame')
  return frame
}

const appReady = (page: Page) =>
  expect.poll(() => app(page).getByText('v0.10.0').isVisible(), { timeout: 20_000 }).toBe(true)

const appPath = async (page: Page) => new URL((await appFrame(page)).url()).pathname

/** The device alone, as the user sees it. */
const shoot = (page: Page, name: string) =>
  page.locator('.device').screenshot({ path: `${SCREENSHOTS}/${name}.png` })

/**
 * Whether `first` is drawn left of `then` in a message (the first message matching `text`): a phone or a USDT amount
 * in a Persian sentence reads left to right only when kept in its isolate.
 */
const drawnLeftOf = (page: Page, text: RegExp, first: string, then: string) =>
  botMessages(page)
    .filter({ hasText: text })
    .evaluate(
      (item, [a, b]) => {
        const node = item.firstChild as Text
        const x = (ch: string) => {
          const range = document.createRange()
          const at = node.data.indexOf(ch)
          range.setStart(node, at)
          range.setEnd(node, at + ch.length)
          return range.getBoundingClientRect().x
        }
        return x(a) < x(b)
      },
      [first, then] as const,
    )

/** The bot's messages in the Bot chat panel (it looks every 2 s). */
const botMessages = (page: Page) => page.locator('#bot-messages li:not(.empty)')

/** An accepted account, a confirmed invoice and a sent USDT payout: three messages, each with its button. */
async function accountInvoiceAndPayout(page: Page, telegramId: number) {
  const frame = (await appFrame(page)) as unknown as Page
  await supplyAcceptedAccounts(e2e.server, frame, telegramId, [`+${nextPhone++}`])
  const accounts = (await e2e.server.ops('GET', `/users/${telegramId}/accounts`)) as {
    uid: string
    status: string
  }[]
  const accountUid = accounts.find((a) => a.status === 'accepted')?.uid ?? ''
  const invoice = (await callApi(frame, 'POST', '/invoices/request-invoice')) as { uid: string }
  await e2e.server.ops('POST', `/invoices/${invoice.uid}/confirm`)
  const payout = (await callApi(frame, 'POST', `/invoices/${invoice.uid}/request-payment-crypto`, {
    receiverAddress: BSC_ADDRESS,
    network: 'BSC',
    token: 'USDT',
  })) as { uid: string }
  await e2e.server.ops('POST', `/transactions/${payout.uid}/succeed`, {
    txid: BSC_TXID,
    senderAddress: BSC_SENDER,
  })
  return { accountUid, invoiceUid: invoice.uid, transactionUid: payout.uid }
}

/**
 * Presses a message's button in the Bot chat panel, as a user taps it in Telegram: the mini-app relaunches with the
 * button's start parameter and opens `screen` on `path`. The parameter is what Telegram passes on.
 */
async function openButton(
  page: Page,
  button: { message: RegExp; name: string },
  screen: { testId: string; path: string },
) {
  const message = botMessages(page).filter({ hasText: button.message })
  await message.waitFor({ timeout: 30_000 })
  await message.getByRole('button', { name: button.name }).click()
  await expect
    .poll(async () => (await app(page).getByTestId(screen.testId).isVisible()) && (await appPath(page)), {
      timeout: 20_000,
    })
    .toBe(screen.path)
  const startParam = await page.locator('#startParam').inputValue()
  expect(startParam).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
  expect(await page.locator('#app').getAttribute('src')).toContain(`tgWebAppStartParam=${startParam}`)
  return startParam
}

const WORDS = {
  en: {
    member: { message: /^Welcome back!/, name: 'Open the app' },
    account: { message: /^Account \+•+\d{4} was accepted\./, name: 'Open the account' },
    invoice: { message: /^Your invoice of \d+\.\d\d USDT was confirmed\./, name: 'Open the invoice' },
    payout: { message: /^Your payout of \d+\.\d\d USDT was sent\./, name: 'Open the payout' },
  },
  fa: {
    member: { message: /^خوش برگشتید!/, name: 'باز کردن برنامه' },
    // The app's word for an account, اکانت; Latin runs (phone, amount) kept left to right.
    account: { message: /^اکانت \u2066\+•+\d{4}\u2069 پذیرفته شد\./, name: 'باز کردن اکانت' },
    invoice: { message: /^فاکتور \u2066\d+\.\d\d USDT\u2069 شما تأیید شد\./, name: 'باز کردن فاکتور' },
    payout: { message: /^پرداخت \u2066\d+\.\d\d USDT\u2069 شما ارسال شد\./, name: 'باز کردن پرداخت' },
  },
} as const

describe('the bot buttons, opened', () => {
  it.each([
    ['en', DEMO_USERS[0]],
    ['fa', DEMO_USERS[1]],
  ] as const)(
    'in %s: /start welcomes the member; the account, invoice, payout and welcome buttons open their screens',
    async (lang, user) => {
      if (!user) throw new Error('no demo user')
      // Signed in in English; the Persian run then relaunches in Persian with the tokens it stored (no new
      // sign-in): the bot follows the language the user uses now, not the one of the sign-in.
      const { page, context, errors } = await openSimulator(user.telegramId, 'en')
      await appReady(page)
      if (lang === 'fa') {
        const told = page.waitForRequest((r) => new URL(r.url()).pathname === '/me/language')
        await page.locator('#lang').selectOption('fa')
        expect((await told).postDataJSON()).toEqual({ language: 'fa' })
        await expect.poll(() => app(page).locator('html').getAttribute('dir')).toBe('rtl')
        await appReady(page)
      }
      const words = WORDS[lang]
      // Telegram's Start button sends /start alone: a member is welcomed with the button that opens the app.
      await page.locator('#startParam').fill('')
      await page.locator('#bot-start').click()
      await botMessages(page).filter({ hasText: words.member.message }).waitFor({ timeout: 30_000 })
      expect(await page.locator('#bot-messages').innerText()).not.toMatch(/invitation|دعوت/)
      const { accountUid, invoiceUid, transactionUid } = await accountInvoiceAndPayout(page, user.telegramId)
      await expect.poll(() => botMessages(page).count(), { timeout: 30_000 }).toBe(4)
      await shoot(page, `bot-buttons-chat-${lang}`)
      // '+•••7701' and '2.00 USDT' read left to right in both languages (Persian drew '7701•••+' and 'USDT 2.00').
      expect(await drawnLeftOf(page, words.account.message, '+', '•')).toBe(true)
      expect(await drawnLeftOf(page, words.invoice.message, '.', 'USDT')).toBe(true)
      await page
        .locator('#bot-messages')
        .screenshot({ path: `${SCREENSHOTS}/bot-buttons-messages-${lang}.png` })

      const account = { testId: 'account-detail', path: `/accounts/${accountUid}` }
      expect(await openButton(page, words.account, account)).toBe(`go_a_${accountUid}`)
      await shoot(page, `bot-buttons-account-${lang}`)

      const invoice = { testId: 'invoice-detail', path: `/invoices/${invoiceUid}` }
      expect(await openButton(page, words.invoice, invoice)).toBe(`go_i_${invoiceUid}`)
      await shoot(page, `bot-buttons-invoice-${lang}`)

      const payout = { testId: 'transaction-detail', path: `/transactions/${transactionUid}` }
      expect(await openButton(page, words.payout, payout)).toBe(`go_t_${transactionUid}`)
      await shoot(page, `bot-buttons-payout-${lang}`)
      // Back leads to the payout's invoice, as from the invoice's own list of transactions.
      await page.locator('#tg-back').click()
      await app(page).getByTestId('invoice-detail').waitFor({ timeout: 20_000 })
      expect(await appPath(page)).toBe(`/invoices/${invoiceUid}`)

      if (lang === 'fa') expect(await app(page).locator('html').getAttribute('dir')).toBe('rtl')

      // The member's welcome opens the app on home, with no start parameter.
      const welcome = botMessages(page).filter({ hasText: words.member.message })
      await welcome.getByRole('button', { name: words.member.name }).click()
      await expect
        .poll(() => page.locator('#app').getAttribute('src'))
        .not.toContain('tgWebAppStartParam=go_')
      await appReady(page)
      expect(await appPath(page)).toBe('/')
      expect(await page.locator('#startParam').inputValue()).toBe('')
      await shoot(page, `bot-buttons-welcome-${lang}`)
      expect(errors).toEqual([])
      await context.close()
    },
  )
})
