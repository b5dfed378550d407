/**
 * Every screen, in both languages and both themes (issues 9 and 13). One user with accounts in each state and a
 * confirmed invoice walks the mini-app on Android; on each screen axe-core must find no serious or critical
 * violation (WCAG 2.1 A and AA), and a Persian screen must read right to left with no English word in it. The
 * locale tests check the files; this checks what a person sees, fallbacks, inline strings and server texts
 * included. On a few screens (home, the accounts list, the login form and its error dialog) a keyboard pass
 * presses Tab through every control: focus goes in document and reading order and draws a ring that reads (issue
 * 13). Screenshots: test-output/e2e/tour-<language>-<theme>-<screen>.png.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '../../apps/server/dev/demo/demo-data.ts'
import {
  SANDBOX_EMAIL_CODE,
  SANDBOX_GOOD_EMAIL,
  SANDBOX_LOGIN_CODE,
} from '../../apps/server/src/providers/sandbox/scenarios.ts'
import { PERSIAN_LATIN_ALLOWED, unexpectedLatinWords } from '../../apps/web/test/helpers/persian-latin.ts'
import { seriousViolations, settle, tabThrough, textContrast, trackRequests } from '../support/a11y.ts'
import { callApi, supplyAcceptedAccounts } from '../support/accounts.ts'
import { answerPopup, openMiniApp, PHONE, popups, screenshot } from '../support/browser.ts'
import { PAYMENTS_OPEN, useE2e } from '../support/fixture.ts'
import { localeText } from '../support/locales.ts'

let invoiceUid = ''
let transactionUid = ''
const user = { id: 885_000_001, firstName: 'سارا', lastName: 'رضایی' }
/** A valid TRON address (base58check), for the books' payout request. */
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'

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

async function look(page: Page, view: Look, screen: string) {
  await settle(page)
  await screenshot(page, `tour-${view.language}-${view.theme}-${screen}`)
  // Soft: one walk reports every screen's findings, not only the first.
  expect.soft(await seriousViolations(page), `${screen}, ${named(view)}`).toEqual([])
  if (view.language === 'fa') {
    expect(await page.evaluate(() => document.documentElement.dir), screen).toBe('rtl')
    expect.soft(await englishOnScreen(page), screen).toEqual([])
  }
}

/**
 * Tab through the page (or a dialog in it): every control is reached once, in document order, never backwards on
 * screen, and each draws a focus ring that reads; the picture shows the last one focused.
 */
async function keyboardPass(page: Page, view: Look, screen: string, scope?: string) {
  const pass = await tabThrough(page, scope)
  const where = `${screen}, ${named(view)}`
  expect(pass.tabbable.length, where).toBeGreaterThan(0)
  const expected = scope
    ? // From the focused first control one Tab past the last: a modal brings focus back to its first control.
      Array.from(
        { length: pass.tabbable.length + 1 },
        (_, i) => pass.tabbable[(i + 1) % pass.tabbable.length],
      )
    : pass.tabbable
  expect.soft(pass.visited, `focus order, ${where}`).toEqual(expected)
  expect.soft(pass.backwards, `focus going backwards on screen, ${where}`).toEqual([])
  expect.soft(pass.invisible, `focus not visible, ${where}`).toEqual([])
  await screenshot(page, `tour-${view.language}-${view.theme}-${screen}-focus`)
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
  const opened = await openMiniApp(e2e.browser, e2e.server, {
    user: { ...user, languageCode: view.language },
    platform: 'android',
    theme: view.theme,
    startParam: DEMO_REFERRAL_CODE,
  })
  trackRequests(opened.page)
  await opened.page.getByTestId('dashboard').waitFor({ timeout: 15_000 })
  await closeChannelPrompt(opened.page)
  return opened
}

/** A wizard step: types into the screen's (first) field, submits it, and looks at the step it leads to. */
async function step(page: Page, view: Look, from: string, value: string, to: string) {
  await page.getByTestId(from).getByRole('textbox').first().fill(value)
  await page.getByTestId(`${from}-submit`).click()
  await page.getByTestId(to).waitFor()
  await look(page, view, to)
}

const e2e = useE2e(PAYMENTS_OPEN)

/**
 * The user's books, made once by the first walk that needs them (polls belong inside a test): an accepted,
 * permanently limited account on a confirmed invoice whose TRX payout failed (so it can be requested again), then
 * an accepted account, a failed validation and a pending one in the lists.
 */
let books: Promise<void> | undefined
async function makeBooks() {
  const { page, context } = await launch({ language: 'fa', theme: 'light' })
  await supplyAcceptedAccounts(e2e.server, page, user.id, ['+12015550103'])
  const invoice = (await callApi(page, 'POST', '/invoices/request-invoice')) as { uid: string }
  invoiceUid = invoice.uid
  await e2e.server.ops('POST', `/invoices/${invoiceUid}/confirm`)
  const payout = (await callApi(page, 'POST', `/invoices/${invoiceUid}/request-payment`, {
    receiverAddress: TRON_ADDRESS,
    currency: 'trx',
  })) as { uid: string }
  transactionUid = payout.uid
  await e2e.server.ops('POST', `/transactions/${transactionUid}/fail`)
  await supplyAcceptedAccounts(e2e.server, page, user.id, ['+12015559901'])
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

/** Android upper-cases buttons; the code screens' resend link is a sentence and keeps its case (issue 14). */
async function expectResendInSentenceCase(page: Page, view: Look) {
  const resend = page.getByTestId('resend-code')
  expect(await resend.evaluate((element) => getComputedStyle(element).textTransform)).toBe('none')
  const shown = await resend.innerText() // innerText is the text as transformed on screen
  if (view.language === 'en') expect(shown).not.toBe(shown.toUpperCase())
}

/**
 * 'Coming soon...' of Orders (issue 14): an opaque toast that reads, drawn over the version label it covers: its
 * contrast as axe computes it (axe ran on home already), no full axe pass. The page's clock stands still meanwhile:
 * the toast leaves after 2.5 s (test/lib/toast.test.ts), and on a slow machine the checks took longer (axe then met
 * an element already gone).
 */
async function lookAtToast(page: Page, view: Look) {
  await page.clock.install()
  await page.clock.pauseAt(Date.now() + 1000)
  await page.getByTestId('dashboard-orders').click()
  const toast = page.locator('.toast')
  await toast.waitFor()
  await settle(page)
  expect(await toast.innerText()).toBe(localeText(view.language, 'dashboard', 'dashboard.comingSoon'))
  const cover = await toast.evaluate((element) => {
    const style = getComputedStyle(element)
    const label = document.querySelector('[data-testid="app-version"]')?.getBoundingClientRect()
    const box = element.getBoundingClientRect()
    const overlaps = !!label && label.top < box.bottom && label.bottom > box.top
    const atLabel = label
      ? document.elementFromPoint(label.left + label.width / 2, label.top + label.height / 2)
      : null
    return {
      background: style.backgroundColor,
      opacity: style.opacity,
      overlaps,
      onTop: atLabel !== null && element.contains(atLabel),
    }
  })
  expect(cover.background, 'toast background').toMatch(/^rgb\(/) // rgb(), not rgba(): no alpha
  expect(cover.opacity).toBe('1')
  expect(cover.overlaps && cover.onTop, 'the toast lies over the version label').toBe(true)
  const contrast = await textContrast(toast)
  expect.soft(contrast.ratio, `toast, ${named(view)}`).toBeGreaterThanOrEqual(contrast.required)
  await screenshot(page, `tour-${view.language}-${view.theme}-dashboard-toast`)
  await page.evaluate(() => document.querySelector<HTMLElement>('.toast')?.click()) // a tap dismisses it
  await toast.waitFor({ state: 'detached' })
  await page.clock.resume()
}

/**
 * The create-invoice button below the minimum (issue 9): disabled, its label on one line and not cut, and its text
 * as readable as axe asks of enabled text (axe's own rule leaves disabled controls out; before the fix it read
 * 1.79:1 light and 3.24:1 dark here).
 */
async function lookAtMinimum(page: Page, view: Look) {
  await e2e.server.ops('PUT', '/settings/min_payment_limit', { value: '10' })
  try {
    await go(page, '/invoices')
    const create = page.getByTestId('invoices-create')
    const text = localeText(view.language, 'invoices', 'invoices.create.minimum', { amount: '10.00' })
    const isolates = /[\u2066-\u2069]/g // the amount is isolated in a Persian sentence
    await expect
      .poll(async () => ((await create.textContent()) ?? '').replace(isolates, ''))
      .toBe(text.replace(isolates, ''))
    expect(await create.isDisabled()).toBe(true)
    await look(page, view, 'invoices-minimum')
    // The rendered label: its height in lines, and whether any of it is cut off (an ellipsis hides the amount).
    const label = create.locator('.button__label')
    const shown = await label.evaluate((element) => {
      const range = document.createRange()
      range.selectNodeContents(element)
      const fragments = [...range.getClientRects()].filter((rect) => rect.width > 0)
      const line = Math.max(...fragments.map((rect) => rect.height))
      return {
        lines: Math.round(range.getBoundingClientRect().height / line),
        cut: element.scrollWidth > element.clientWidth,
      }
    })
    expect.soft(shown, `the label on screen, ${named(view)}`).toEqual({ lines: 1, cut: false })
    const contrast = await textContrast(label)
    expect
      .soft(contrast.ratio, `label ${contrast.foreground} on ${contrast.background}, ${named(view)}`)
      .toBeGreaterThanOrEqual(contrast.required)
  } finally {
    await e2e.server.ops('PUT', '/settings/min_payment_limit', { value: '1' })
  }
}

/** The news screen without news: removed by an operator, then published again for the next look. */
async function lookAtNoNews(page: Page, view: Look) {
  type Item = { uid: string; en: { title: string; body: string }; fa: { title: string; body: string } | null }
  const items = (await e2e.server.ops('GET', '/news')) as Item[]
  for (const item of items) await e2e.server.ops('DELETE', `/news/${item.uid}`)
  try {
    await go(page, '/news')
    await page.getByTestId('news-empty').waitFor({ timeout: 15_000 })
    await look(page, view, 'news-empty')
  } finally {
    for (const { en, fa } of items.reverse()) await e2e.server.ops('POST', '/news', fa ? { en, fa } : { en })
  }
}

describe('every screen, in Persian and English, light and dark', () => {
  it.each(LOOKS)('inside Telegram: $language $theme', async (view) => {
    await ensureBooks()
    const { page, context } = await launch(view)
    await look(page, view, 'dashboard')
    await keyboardPass(page, view, 'dashboard')
    await lookAtToast(page, view)

    for (const tab of ['pending', 'accepted', 'rejected']) {
      await go(page, `/accounts/${tab}`)
      await page.getByTestId('account-row').first().waitFor()
      await look(page, view, `accounts-${tab}`)
      if (tab === 'pending') await keyboardPass(page, view, 'accounts-pending')
    }
    await page.getByTestId('account-row').first().click()
    await page.getByTestId('account-detail').waitFor()
    await look(page, view, 'account-detail')

    // Login of an account with a 2FA password: phone, code, password.
    await go(page, '/accounts/pending')
    await page.getByTestId('accounts-login').click()
    await page.getByTestId('submit-phone').waitFor()
    await look(page, view, 'submit-phone')
    await step(page, view, 'submit-phone', '+989120000002', 'submit-code')
    await expectResendInSentenceCase(page, view)
    await step(page, view, 'submit-code', SANDBOX_LOGIN_CODE, 'submit-password')
    // A number that needs a login email first: the email, then its code.
    await go(page, '/accounts/pending')
    await page.getByTestId('accounts-login').click()
    await step(page, view, 'submit-phone', '+989120000003', 'submit-email')
    await step(page, view, 'submit-email', SANDBOX_GOOD_EMAIL, 'submit-email-code')
    // The sign-up wizard with the same number: phone, login email, its code, then the login code.
    await go(page, '/accounts/pending')
    await page.getByTestId('accounts-register').click()
    await page.getByTestId('signup-phone').waitFor()
    await look(page, view, 'signup-phone')
    await step(page, view, 'signup-phone', '+989120000003', 'signup-email')
    await step(page, view, 'signup-email', SANDBOX_GOOD_EMAIL, 'signup-email-code')
    await step(page, view, 'signup-email-code', SANDBOX_EMAIL_CODE, 'signup-code')
    await expectResendInSentenceCase(page, view)

    for (const [path, testId, screen] of [
      ['/invoices', 'invoice-row', 'invoices'],
      [`/invoices/${invoiceUid}`, 'invoice-request-payment', 'invoice'],
      [`/invoices/${invoiceUid}/transactions/${transactionUid}`, 'transaction-detail', 'transaction'],
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
      if (screen === 'invoice') {
        // One of the invoice's accounts, opened from it.
        await page.getByTestId('invoice-account-row').first().click()
        await page.getByTestId('account-detail').waitFor()
        expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/invoices/${invoiceUid}/accounts/`))
        await look(page, view, 'invoice-account')
      }
    }
    await lookAtNoNews(page, view)
    await lookAtMinimum(page, view)

    // The device goes offline on the invoices screen: the banner, and gone again once back online.
    await context.setOffline(true)
    const banner = page.getByTestId('network-banner')
    await banner.waitFor()
    expect(await banner.innerText()).toBe(localeText(view.language, 'common', 'network.offline'))
    await look(page, view, 'offline')
    await context.setOffline(false)
    await banner.waitFor({ state: 'detached', timeout: 15_000 })
    await context.close()
  })

  /** The newest code the server kept for `email` instead of mailing it (SMTP_URL unset). */
  const devOutboxCode = async (email: string): Promise<string> => {
    const response = await fetch(`${e2e.server.url}/simulator/outbox`, {
      headers: { accept: 'application/json' },
    })
    const { mails } = (await response.json()) as { mails: { to: string; code: string }[] }
    const code = mails.find((mail) => mail.to === email)?.code
    expect(code, `a code kept for ${email}`).toMatch(/^\d{5}$/)
    return code ?? ''
  }

  it.each(LOOKS)('signed out in a plain browser: $language $theme', async (view) => {
    const context = await e2e.browser.newContext({
      ...PHONE,
      locale: view.language === 'fa' ? 'fa-IR' : 'en-US',
      colorScheme: view.theme,
    })
    const page = await context.newPage()
    trackRequests(page)
    const field = (key: string) => page.getByLabel(localeText(view.language, 'auth', key), { exact: true })
    const email = `tour.${view.language}.${view.theme}.${Date.now().toString(36)}@example.com`

    // Login: a keyboard pass over the form, then a wrong password sent with Enter; its error dialog by keyboard.
    await page.goto(`${e2e.server.url}/login`)
    await page.getByTestId('login').waitFor({ timeout: 15_000 })
    await look(page, view, 'browser-login')
    await keyboardPass(page, view, 'browser-login')
    await field('auth.field.email').fill(email)
    await field('auth.field.password').fill('not-the-password')
    await field('auth.field.password').press('Enter')
    const dialog = page.getByRole('alertdialog')
    await dialog.waitFor({ timeout: 15_000 })
    await look(page, view, 'browser-login-error')
    await keyboardPass(page, view, 'browser-login-error', '[role="alertdialog"]')
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })

    // Register, then the code screen it leads to.
    await page.getByTestId('login-register').click()
    await page.getByTestId('register').waitFor()
    await look(page, view, 'browser-register')
    await field('auth.field.email').fill(email)
    await field('auth.field.password').fill('tour-password-1')
    await field('auth.field.passwordRetype').fill('tour-password-1')
    await field('auth.field.referralCode').fill(DEMO_REFERRAL_CODE)
    await page.getByTestId('register-submit').click()
    await dialog.getByRole('button').click()
    await page.getByTestId('email-verification').waitFor()
    await look(page, view, 'browser-email-verification-confirm')

    // Verified with the code the dev outbox kept: only a proven email can be reset (docs/email-auth.md).
    await field('auth.field.code').fill(await devOutboxCode(email))
    await page.getByTestId('email-verification-submit').click()
    await dialog.getByRole('button').click()
    await page.getByTestId('login').waitFor()

    // A password reset for that email, to its code screen.
    await page.goto(`${e2e.server.url}/password-reset-request`)
    await page.getByTestId('password-reset-request').waitFor({ timeout: 15_000 })
    await look(page, view, 'browser-password-reset-request')
    await field('auth.field.email').fill(email)
    await field('auth.field.newPassword').fill('tour-password-2')
    await field('auth.field.passwordRetype').fill('tour-password-2')
    await page.getByTestId('password-reset-request-submit').click()
    await page.getByTestId('password-reset-confirm').waitFor({ timeout: 15_000 })
    await look(page, view, 'browser-password-reset-confirm')
    await context.close()
  })
})
