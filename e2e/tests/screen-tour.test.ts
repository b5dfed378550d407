/**
 * Every screen, in both languages and both themes (issues 9 and 13). One user with accounts in each state and a
 * confirmed invoice walks the mini-app on Android; on each screen axe-core must find no serious or critical
 * violation (WCAG 2.1 A and AA), and a Persian screen must read right to left with no English word in it. The
 * locale tests check the files; this checks what a person sees, fallbacks, inline strings and server texts
 * included. Screenshots: test-output/e2e/tour-<language>-<theme>-<screen>.png.
 */
import { AxeBuilder } from '@axe-core/playwright'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '../../apps/server/src/modules/demo/demo-data.ts'
import { SANDBOX_LOGIN_CODE } from '../../apps/server/src/providers/sandbox/scenarios.ts'
import { PERSIAN_LATIN_ALLOWED, unexpectedLatinWords } from '../../apps/web/src/testing/persian-latin.ts'
import { callApi, supplyAcceptedAccounts } from '../support/accounts.ts'
import { answerPopup, launchBrowser, openMiniApp, popups, screenshot } from '../support/browser.ts'
import { type RunningServer, startServer } from '../support/server.ts'

let server: RunningServer
let browser: Browser
let invoiceUid = ''
const user = { id: 885_000_001, firstName: 'سارا', lastName: 'رضایی' }

type Look = { language: 'en' | 'fa'; theme: 'light' | 'dark' }
const LOOKS: Look[] = [
  { language: 'fa', theme: 'light' },
  { language: 'fa', theme: 'dark' },
  { language: 'en', theme: 'light' },
  { language: 'en', theme: 'dark' },
]
const named = (look: Look) => `${look.language} ${look.theme}`

/** On a screen, beside the locale files' allow-list: the version label ('v0.10.0'). */
const ALLOWED_ON_SCREEN = new Set([...PERSIAN_LATIN_ALLOWED, 'v0'])

/** The Latin words on the screen that are not allowed; links, emails and addresses are not words. */
async function englishOnScreen(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText)
  const withoutData = text
    .replace(/\S*t\.me\/\S*/g, ' ')
    .replace(/\S*@\S+/g, ' ') // emails and @handles
    .replace(/\b(T|0x)[0-9A-Za-z]{20,}\b/g, ' ')
  return unexpectedLatinWords(withoutData, ALLOWED_ON_SCREEN)
}

/** axe-core's serious and critical findings, one line each: the rule and where. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${v.id} (${v.impact}): ${n.target.join(' ')}: ${n.any[0]?.message ?? n.failureSummary}`,
      ),
    )
}

async function look(page: Page, view: Look, screen: string) {
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(200) // the last fade-in of a list or dialog settles before the picture
  await screenshot(page, `tour-${view.language}-${view.theme}-${screen}`)
  // Soft: one walk reports every screen's findings, not only the first.
  expect.soft(await seriousViolations(page), `${screen}, ${named(view)}`).toEqual([])
  if (view.language === 'fa') {
    expect(await page.evaluate(() => document.documentElement.dir), screen).toBe('rtl')
    expect.soft(await englishOnScreen(page), screen).toEqual([])
  }
}

/** The demo channel is not joined: its join prompt opens with home; close it as a user would, if it came. */
async function closeChannelPrompt(page: Page) {
  const asked = async () => (await popups(page)).length > 0
  for (let waited = 0; waited < 3_000 && !(await asked()); waited += 100) await page.waitForTimeout(100)
  if (await asked()) await answerPopup(page, null)
}

/** Moves inside the app, as one of its links would (a launch always ends on home, as the spec says). */
async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

async function launch(view: Look) {
  const opened = await openMiniApp(browser, server, {
    user: { ...user, languageCode: view.language },
    platform: 'android',
    theme: view.theme,
    startParam: DEMO_REFERRAL_CODE,
  })
  await opened.page.getByTestId('dashboard').waitFor({ timeout: 15_000 })
  await closeChannelPrompt(opened.page)
  return opened
}

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
  // Accounts are validated a second after submission; one accepted account is enough for an invoice.
  await server.ops('PUT', '/settings/validation_delay_seconds', { value: 1 })
  await server.ops('PUT', '/settings/min_payment_limit', { value: '1' })
  await server.ops('PUT', '/settings/payment_open', { value: true })
  await server.ops('PUT', '/settings/toman_payment_open', { value: true })
  await server.ops('PUT', '/rates/USDTIRT', { price: '98500' })
})

/**
 * The user's books, made once by the first walk that needs them (polls belong inside a test): an accepted,
 * permanently limited account on a confirmed invoice, then an accepted account, a failed validation and a
 * pending one in the lists.
 */
let books: Promise<void> | undefined
async function makeBooks() {
  const { page, context } = await launch({ language: 'fa', theme: 'light' })
  await supplyAcceptedAccounts(server, page, user.id, ['+12015550103'])
  const invoice = (await callApi(page, 'POST', '/invoices/request-invoice')) as { uid: string }
  invoiceUid = invoice.uid
  await server.ops('POST', `/invoices/${invoiceUid}/confirm`)
  await supplyAcceptedAccounts(server, page, user.id, ['+12015559901'])
  for (const phone of ['+12015550108', '+12015550106']) {
    await callApi(page, 'POST', '/telegram/submit-account-phone', { phone, submitType: 'login' })
    await callApi(page, 'POST', '/telegram/submit-account-code', { code: SANDBOX_LOGIN_CODE })
    await callApi(page, 'POST', '/telegram/submit-account')
  }
  await context.close()
}
const ensureBooks = () => {
  books ??= makeBooks()
  return books
}

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('every screen, in Persian and English, light and dark', () => {
  it.each(LOOKS)('inside Telegram: $language $theme', async (view) => {
    await ensureBooks()
    const { page, context } = await launch(view)
    await look(page, view, 'dashboard')

    for (const tab of ['pending', 'accepted', 'rejected']) {
      await go(page, `/accounts/${tab}`)
      await page.getByTestId('account-row').first().waitFor()
      await look(page, view, `accounts-${tab}`)
    }
    await page.getByTestId('account-row').first().click()
    await page.getByTestId('account-detail').waitFor()
    await look(page, view, 'account-detail')

    // Login of an account with a 2FA password: phone, code, password.
    await go(page, '/accounts/pending')
    await page.getByTestId('accounts-login').click()
    await page.getByTestId('submit-phone').waitFor()
    await look(page, view, 'submit-phone')
    await page.getByRole('textbox').first().fill('+989120000002')
    await page.getByTestId('submit-phone-submit').click()
    await page.getByTestId('submit-code').waitFor()
    await look(page, view, 'submit-code')
    await page.getByRole('textbox').first().fill(SANDBOX_LOGIN_CODE)
    await page.getByTestId('submit-code-submit').click()
    await page.getByTestId('submit-password').waitFor()
    await look(page, view, 'submit-password')
    // A number that needs a login email first.
    await go(page, '/accounts/pending')
    await page.getByTestId('accounts-login').click()
    await page.getByRole('textbox').first().fill('+989120000003')
    await page.getByTestId('submit-phone-submit').click()
    await page.getByTestId('submit-email').waitFor()
    await look(page, view, 'submit-email')
    // The sign-up wizard's first step.
    await go(page, '/accounts/pending')
    await page.getByTestId('accounts-register').click()
    await page.getByTestId('signup-phone').waitFor()
    await look(page, view, 'signup-phone')

    for (const [path, testId, screen] of [
      ['/invoices', 'invoice-row', 'invoices'],
      [`/invoices/${invoiceUid}`, 'invoice-request-payment', 'invoice'],
      [`/invoices/${invoiceUid}/select-method`, 'select-method', 'select-method'],
      [`/invoices/${invoiceUid}/request-payment`, 'request-payment-trx', 'payout-trx'],
      [`/invoices/${invoiceUid}/request-payment-crypto`, 'request-payment-crypto', 'payout-usdt'],
      [`/invoices/${invoiceUid}/request-payment-irt`, 'request-payment-irt', 'payout-toman'],
      ['/referrals', 'referrals-link', 'referrals'],
      ['/news', 'news-item', 'news'],
      ['/no-such-screen', 'not-found', 'not-found'],
    ] as const) {
      await go(page, path)
      await page.getByTestId(testId).first().waitFor({ timeout: 15_000 })
      await look(page, view, screen)
    }
    await context.close()
  })

  it.each(LOOKS)('signed out in a plain browser: $language $theme', async (view) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: view.language === 'fa' ? 'fa-IR' : 'en-US',
      colorScheme: view.theme,
    })
    const page = await context.newPage()
    for (const [path, testId] of [
      ['/login', 'login'],
      ['/register', 'register'],
      ['/password-reset-request', 'password-reset-request'],
    ] as const) {
      await page.goto(`${server.url}${path}`)
      await page.getByTestId(testId).waitFor({ timeout: 15_000 })
      await look(page, view, `browser${path.replaceAll('/', '-')}`)
    }
    await context.close()
  })
})
