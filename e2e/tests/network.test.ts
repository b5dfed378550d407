/**
 * The mini-app on a bad network (docs/web.md, 'Poor network'), in Chromium against the real server: throttled and
 * then cut through CDP (Network.emulateNetworkConditions), an answer lost after the server ran the call
 * (page.route), on the login form, an invoice and a payout, and the server killed and restarted in the middle of a
 * flow. Screenshots `network-*.png`.
 */
import type { OpsTransaction } from '@app/contract/ops'
import type { CDPSession, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '../../apps/server/dev/demo/demo-data.ts'
import { SANDBOX_LOGIN_CODE } from '../../apps/server/src/providers/sandbox/scenarios.ts'
import { callApi, supplyAcceptedAccounts } from '../support/accounts.ts'
import { answerPopup, openMiniApp, screenshot } from '../support/browser.ts'
import { useE2e } from '../support/fixture.ts'

let nextTelegramId = 884_000_001
let nextPhone = 12_015_553_100
const newPhone = () => `+${nextPhone++}`
/** A BSC (BEP20) address that passes the contract's EIP-55 checksum. */
const BSC_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

const e2e = useE2e({ settings: { validation_delay_seconds: 1, min_payment_limit: '1' } })

/** A phone network that works, slowly: 300 ms round trips, 400 kbit/s down, 200 kbit/s up. */
const SLOW = { offline: false, latency: 300, downloadThroughput: 50_000, uploadThroughput: 25_000 }
const CUT = { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }
const ONLINE = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }

async function networkControl(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  return cdp
}

async function openHome(languageCode: 'en' | 'fa') {
  const user = { id: nextTelegramId++, firstName: 'Net', lastName: 'Test', languageCode }
  const opened = await openMiniApp(e2e.browser, e2e.server, {
    user,
    platform: 'ios',
    startParam: DEMO_REFERRAL_CODE,
  })
  await opened.page.getByTestId('dashboard-accounts').waitFor({ timeout: 20_000 })
  // The demo channel is not joined: its prompt comes first; close it as a user would.
  await answerPopup(opened.page, null)
  return { ...opened, user }
}

/** The Idempotency-Key of every request the page sends to this path, in order. */
function keysSentTo(page: Page, path: string): (string | undefined)[] {
  const keys: (string | undefined)[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) keys.push(request.headers()['idempotency-key'])
  })
  return keys
}

async function openLoginForm(page: Page) {
  await page.getByTestId('dashboard-accounts').click()
  await page.getByTestId('accounts-login').click()
  await page.getByTestId('submit-phone').waitFor()
}

async function expectAccountListed(page: Page, phone: string) {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/accounts/pending')
  await expect
    .poll(async () => (await page.getByTestId('account-row').allInnerTexts()).join('\n').replace(/\D/g, ''), {
      timeout: 20_000,
    })
    .toContain(phone.slice(1))
}

const TEXTS = {
  en: { offline: "You're offline. Waiting for the network…", unknown: 'Unknown error!' },
  fa: { offline: 'اتصال اینترنت برقرار نیست. در انتظار شبکه…', unknown: 'خطای ناشناخته!' },
} as const

describe('poor network', () => {
  it.each(['en', 'fa'] as const)(
    '%s: throttled, then cut: the banner shows, the typed number stays, and back online it is sent with the same key',
    async (language) => {
      const { page, context, errors } = await openHome(language)
      const cdp = await networkControl(page)
      await cdp.send('Network.emulateNetworkConditions', SLOW)
      await openLoginForm(page)
      const keys = keysSentTo(page, '/telegram/submit-account-phone')
      const phone = newPhone()
      const phoneField = page.getByTestId('submit-phone').locator('input')
      await phoneField.fill(phone)

      await cdp.send('Network.emulateNetworkConditions', CUT)
      const banner = page.getByTestId('network-banner')
      await banner.waitFor()
      expect(await banner.innerText()).toBe(TEXTS[language].offline)
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'fa' ? 'rtl' : 'ltr')
      await page.getByTestId('submit-phone-submit').click()
      expect(await answerPopup(page, null)).toBe(TEXTS[language].unknown)
      expect(await phoneField.inputValue()).toBe(phone)
      await screenshot(page, `network-offline-${language}`)

      // Back, still slow: the banner goes by itself; the same tap goes through.
      await cdp.send('Network.emulateNetworkConditions', SLOW)
      await banner.waitFor({ state: 'detached', timeout: 15_000 })
      await page.getByTestId('submit-phone-submit').click()
      await page.getByTestId('submit-code').waitFor({ timeout: 20_000 })
      await page.getByTestId('submit-code').locator('input').fill(SANDBOX_LOGIN_CODE)
      await page.getByTestId('submit-code-submit').click()
      await expectAccountListed(page, phone)
      await screenshot(page, `network-recovered-${language}`)

      // The attempt made offline and the one that went through are one intent: one key.
      expect(keys.length).toBeGreaterThanOrEqual(2)
      expect(new Set(keys).size).toBe(1)
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/)
      expect(errors).toEqual([])
      await context.close()
    },
  )

  it('a request-invoice whose answer is lost after the server made it, sent again, makes exactly one invoice', async () => {
    const { page, context, user, errors } = await openHome('en')
    await supplyAcceptedAccounts(e2e.server, page, user.id, [newPhone(), newPhone()])
    await page.getByTestId('dashboard-withdraw').click()
    const create = page.getByTestId('invoices-create')
    await expect.poll(() => create.innerText(), { timeout: 15_000 }).toBe('Request payment 4.00 USDT')
    const keys = keysSentTo(page, '/invoices/request-invoice')

    // The network stays bad while the user retries: the app's own check of the server gets nowhere either.
    await page.route('**/healthz', (route) => route.abort('internetdisconnected'))
    let lost: { status: number; uid: string } | undefined
    await page.route(
      '**/invoices/request-invoice',
      async (route) => {
        const response = await route.fetch()
        lost = { status: response.status(), uid: ((await response.json()) as { uid: string }).uid }
        await route.abort('connectionreset')
      },
      { times: 1 },
    )
    await create.click()
    await answerPopup(page, null, 'Create Invoice')
    expect(await answerPopup(page, null)).toBe(
      'No answer from the server. Please check your connection and try again.',
    )
    expect(lost?.status).toBe(201)
    await page.getByTestId('network-banner').waitFor()
    await screenshot(page, 'network-invoice-answer-lost')

    await create.click()
    await answerPopup(page, null, 'Create Invoice')
    await page.getByTestId('invoice-detail').waitFor({ timeout: 15_000 })
    expect(new URL(page.url()).pathname).toBe(`/invoices/${lost?.uid}`)
    await page.unroute('**/healthz')
    await page.getByTestId('network-banner').waitFor({ state: 'detached' })

    const invoices = (await callApi(page, 'GET', '/invoices?size=24')) as { items: { uid: string }[] }
    expect(invoices.items.map((invoice) => invoice.uid)).toEqual([lost?.uid])
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    expect(errors).toEqual([])
    await context.close()
  })

  it('a USDT payout cut off, then its answer lost: the address stays, sent again it makes one transaction, then the invoice list', async () => {
    const { page, context, user, errors } = await openHome('en')
    await supplyAcceptedAccounts(e2e.server, page, user.id, [newPhone()])
    const invoice = (await callApi(page, 'POST', '/invoices/request-invoice')) as { uid: string }
    await e2e.server.ops('POST', `/invoices/${invoice.uid}/confirm`)
    // As a user gets there: the invoice list, the invoice, Request Payment, USDT BEP20.
    await page.getByTestId('dashboard-withdraw').click()
    await page.getByTestId('invoice-row').first().click()
    await page.getByTestId('invoice-request-payment').click()
    await page.getByTestId('method-usdt').click()
    const formPath = `/invoices/${invoice.uid}/request-payment-crypto`
    await expect.poll(() => new URL(page.url()).pathname).toBe(formPath)
    const keys = keysSentTo(page, formPath)
    const address = page.getByLabel('Wallet address', { exact: true })
    await address.fill(BSC_ADDRESS)
    const submit = page.getByTestId('request-payment-crypto-submit')
    const noAnswer = 'No answer from the server. Please check your connection and try again.'

    // Cut: the request never leaves the phone.
    const cdp = await networkControl(page)
    await cdp.send('Network.emulateNetworkConditions', CUT)
    await submit.click()
    await answerPopup(page, 'Check the address', 'Send')
    expect(await answerPopup(page, 'Unknown Error')).toBe(noAnswer)
    expect(new URL(page.url()).pathname).toBe(formPath)
    expect(await address.inputValue()).toBe(BSC_ADDRESS)
    await screenshot(page, 'network-payout-offline')

    // Back: the server makes the payout, and its answer is lost on the way.
    await cdp.send('Network.emulateNetworkConditions', ONLINE)
    await page.getByTestId('network-banner').waitFor({ state: 'detached', timeout: 15_000 })
    let lostStatus: number | undefined
    await page.route(
      `**${formPath}`,
      async (route) => {
        lostStatus = (await route.fetch()).status()
        await route.abort('connectionreset')
      },
      { times: 1 },
    )
    await submit.click()
    await answerPopup(page, 'Check the address', 'Send')
    expect(await answerPopup(page, 'Unknown Error')).toBe(noAnswer)
    expect(lostStatus).toBe(201)
    expect(await address.inputValue()).toBe(BSC_ADDRESS)

    // The same tap again: the server answers with the payout it made; Success, then the invoice list (spec).
    await submit.click()
    await answerPopup(page, 'Check the address', 'Send')
    expect(await answerPopup(page, 'Success')).toBe('Invoice payment request accepted')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/invoices')
    const payouts = (await e2e.server.ops('GET', '/transactions?currency=usdt')) as {
      items: OpsTransaction[]
    }
    expect(
      payouts.items
        .filter((payout) => payout.invoiceUid === invoice.uid)
        .map((payout) => [payout.status, payout.receiverAddress]),
    ).toEqual([['pending', BSC_ADDRESS]])
    // Three taps, one intent: one key.
    expect(keys).toHaveLength(3)
    expect(new Set(keys).size).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })

  it('the server is killed in the middle of a login and restarted: the app says so, recovers by itself, the flow goes on', async () => {
    const { page, context, errors } = await openHome('en')
    await openLoginForm(page)
    const phone = newPhone()
    await page.getByTestId('submit-phone').locator('input').fill(phone)
    await page.getByTestId('submit-phone-submit').click()
    await page.getByTestId('submit-code').waitFor()

    await e2e.server.kill()
    const codeField = page.getByTestId('submit-code').locator('input')
    await codeField.fill(SANDBOX_LOGIN_CODE)
    await page.getByTestId('submit-code-submit').click()
    expect(await answerPopup(page, null)).toBe('Unknown error!')
    const banner = page.getByTestId('network-banner')
    await banner.waitFor()
    expect(await banner.innerText()).toBe("Can't reach the server. Trying again…")
    expect(await codeField.inputValue()).toBe(SANDBOX_LOGIN_CODE)
    await screenshot(page, 'network-server-down')

    const started = Date.now()
    await e2e.restart()
    const restartMs = Date.now() - started
    // The app asks /healthz every few seconds (at most 5 s apart) and drops the banner at the first answer.
    await banner.waitFor({ state: 'detached', timeout: 15_000 })
    await page.getByTestId('submit-code-submit').click()
    await expectAccountListed(page, phone)
    await screenshot(page, 'network-server-back')
    expect(restartMs).toBeLessThan(30_000)
    expect(errors).toEqual([])
    await context.close()
  })
})
