/**
 * The support desk's screens as people see them (issue 40), in test-output/e2e/support-*.png: the mini-app's
 * conversation at 390 px in English and Persian, light and dark; every 'Contact support' (the blocked screen, the 500
 * dialog, BALANCE_HIGH_ERROR's dialog) on a client without native popups, so the dialog is the app's own; the
 * console's inbox at 1280 and 390 px, with a thread and empty; home's Support row with its unread replies' badge.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '../../apps/server/dev/demo/demo-data.ts'
import { settle } from '../support/a11y.ts'
import { supplyAcceptedAccounts } from '../support/accounts.ts'
import { openMiniApp, screenshot, sendTelegramEvent } from '../support/browser.ts'
import { enrolOperator, signInToConsole } from '../support/console.ts'
import { useE2e } from '../support/fixture.ts'

const e2e = useE2e({
  settings: {
    validation_delay_seconds: 1,
    min_payment_limit: '0.1',
    payment_open: true,
  },
})

type Lang = 'en' | 'fa'
type Theme = 'light' | 'dark'
const WORDS = {
  en: { error: 'Error', contact: 'Contact support', phone: 'Phone number', blocked: 'Access blocked' },
  fa: { error: 'خطا', contact: 'تماس با پشتیبانی', phone: 'شماره تلفن', blocked: 'دسترسی مسدود شده است' },
} as const
const FAILING_PHONE = '+989120000014'

let nextId = 887_000_001

/** A new user at home on a client without native popups (its own dialogs), the channel's prompt closed. */
async function openHome(lang: Lang, theme: Theme, id = nextId++) {
  const user = { id, firstName: lang === 'fa' ? 'سارا' : 'Sara', lastName: 'Support', languageCode: lang }
  const opened = await openMiniApp(e2e.browser, e2e.server, {
    user,
    platform: 'android',
    theme,
    startParam: DEMO_REFERRAL_CODE,
    version: '6.1',
  })
  await opened.page.getByTestId('dashboard-accounts').waitFor({ timeout: 20_000 })
  const prompt = opened.page.getByRole('alertdialog')
  await prompt.waitFor({ timeout: 15_000 })
  await prompt.getByRole('button').last().click()
  await prompt.waitFor({ state: 'hidden' })
  return { ...opened, user }
}

/** The app's own dialog: pictured once it has faded in, then `press`ed. */
/** The dialog that offers `press` (not one that is closing before it), pictured, read, then pressed. */
async function dialogShot(page: Page, shot: string, press: string) {
  const box = page.getByRole('alertdialog').filter({ has: page.getByRole('button', { name: press }) })
  await box.waitFor({ timeout: 15_000 })
  await page.waitForTimeout(300)
  await screenshot(page, shot)
  const text = await box.innerText()
  await box.getByRole('button', { name: press }).click()
  return text
}

/** The page has no horizontal scroll: nothing overflows the phone's width. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

describe('the support desk, pictured', () => {
  it('the 500 dialog, Contact support, the conversation with a reply: English and Persian, light and dark', async () => {
    const variants: [Lang, Theme][] = [
      ['en', 'light'],
      ['en', 'dark'],
      ['fa', 'light'],
      ['fa', 'dark'],
    ]
    for (const [lang, theme] of variants) {
      const w = WORDS[lang]
      const { page, context, errors, user } = await openHome(lang, theme)
      await page.getByTestId('dashboard-accounts').click()
      await page.getByTestId('accounts-login').click()
      await page.getByLabel(w.phone, { exact: true }).fill(FAILING_PHONE)
      await page.getByTestId('submit-phone-submit').click()
      const text = await dialogShot(page, `support-500-dialog-${lang}-${theme}`, w.contact)
      expect(text.toLowerCase()).toContain(w.contact.toLowerCase())
      await page.getByTestId('support').waitFor()
      await settle(page)
      await screenshot(page, `support-empty-${lang}-${theme}`)
      await page
        .getByTestId('support-text')
        .fill(lang === 'fa' ? 'کد برای شماره‌ام نیامد. چه کنم؟' : 'The code never came. What should I do?')
      await page.getByTestId('support-send').click()
      await page.getByTestId('support-message').first().waitFor()

      const listed = (await e2e.server.ops('GET', `/support/threads?status=all&q=${user.id}`)) as {
        items: { uid: string }[]
      }
      const uid = listed.items[0]?.uid ?? ''
      await e2e.server.ops('POST', `/support/threads/${uid}/read`)
      await e2e.server.ops('POST', `/support/threads/${uid}/replies`, {
        text:
          lang === 'fa'
            ? 'سلام! مشکل از سمت ما بود و برطرف شد. لطفاً دوباره امتحان کنید.'
            : 'Hello! It was on our side and is fixed now. Please try again.',
      })
      await page.reload()
      await expect.poll(() => page.getByTestId('support-message').count(), { timeout: 20_000 }).toBe(2)
      await page.getByTestId('support-text').fill(lang === 'fa' ? 'ممنون، درست شد.' : 'Thanks, it works.')
      await page.getByTestId('support-send').click()
      await expect.poll(() => page.getByTestId('support-message').count()).toBe(3)
      await settle(page)
      expect(await fitsWidth(page)).toBe(true)
      await screenshot(page, `support-thread-${lang}-${theme}`)
      const marks = await page.getByTestId('support-message-state').allInnerTexts()
      expect(marks).toHaveLength(2)
      expect(errors).toEqual([])
      await context.close()
    }
  })

  it('the blocked screen and BALANCE_HIGH_ERROR offer Contact support', async () => {
    for (const [lang, theme] of [
      ['en', 'light'],
      ['fa', 'dark'],
    ] as [Lang, Theme][]) {
      const w = WORDS[lang]
      await e2e.server.ops('PUT', '/settings/max_payment_limit', { value: '1000' })
      const rich = await openHome(lang, theme)
      await supplyAcceptedAccounts(e2e.server, rich.page, rich.user.id, [
        `+1201555${String(rich.user.id).slice(-4)}`,
      ])
      await rich.page.reload()
      await rich.page.getByTestId('dashboard-withdraw').waitFor({ timeout: 20_000 })
      const prompt = rich.page.getByRole('alertdialog')
      if (await prompt.isVisible()) await prompt.getByRole('button').last().click()
      await rich.page.getByTestId('dashboard-withdraw').click()
      const create = rich.page.getByTestId('invoices-create')
      await expect.poll(() => create.isEnabled(), { timeout: 20_000 }).toBe(true)
      // The limit is lowered while the request is on its way (held until then), so the screen, which may read the
      // dashboard again at any time, still allows the tap, and the server refuses the balance above the new limit.
      await rich.page.route('**/invoices/request-invoice', async (route) => {
        await e2e.server.ops('PUT', '/settings/max_payment_limit', { value: '0.2' })
        await route.continue()
      })
      await create.click()
      // The confirmation first, then the refusal.
      const confirm = rich.page.getByRole('alertdialog')
      await confirm.waitFor()
      // Cancel, then Create Invoice. The refusal is an alertdialog too, and may replace this one at once.
      await confirm.getByRole('button').last().click()
      const text = await dialogShot(rich.page, `support-balance-high-${lang}-${theme}`, w.contact)
      expect(text.toLowerCase()).toContain(w.contact.toLowerCase())
      await rich.page.getByTestId('support').waitFor()
      expect(await rich.page.getByTestId('support-context').innerText()).toContain('BALANCE_HIGH_ERROR')
      await rich.context.close()

      const id = nextId++
      const first = await openHome(lang, theme, id)
      await first.context.close()
      await e2e.server.ops('POST', `/users/${id}/block`, { reason: 'e2e: the blocked screen pictured' })
      const blocked = await openMiniApp(e2e.browser, e2e.server, {
        user: { id, firstName: 'Blocked', languageCode: lang },
        platform: 'android',
        theme,
      })
      await blocked.page.getByText(w.blocked).waitFor({ timeout: 20_000 })
      await settle(blocked.page)
      await screenshot(blocked.page, `support-blocked-${lang}-${theme}`)
      await blocked.page.getByTestId('blocked-support').click()
      await blocked.page.getByTestId('support').waitFor()
      await settle(blocked.page)
      await screenshot(blocked.page, `support-blocked-conversation-${lang}-${theme}`)
      await blocked.context.close()
    }
  })

  it('the console inbox at 1280 and 390 px: threads, one open beside the record, and empty', async () => {
    // One thread of its own, so the test stands alone: a Persian user writes from home.
    const writer = await openHome('fa', 'light')
    await writer.page.getByTestId('dashboard-support').click()
    await writer.page.getByTestId('support-text').fill('سلام، پرداخت من کی انجام می‌شود؟')
    await writer.page.getByTestId('support-send').click()
    await writer.page.getByTestId('support-message').first().waitFor()
    await writer.context.close()
    for (const width of [1280, 390]) {
      // One operator a width: a TOTP code signs in once.
      const enrolment = await enrolOperator(e2e.server, `pictures-op-${width}`, 'operator')
      const context = await e2e.browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } })
      const page = await context.newPage()
      await signInToConsole(page, e2e.server, enrolment)
      await page.goto(`${e2e.server.url}/console/support`)
      await page.getByLabel('Status').selectOption('all')
      await page.getByTestId('support-thread-row').first().waitFor({ timeout: 20_000 })
      await settle(page)
      await screenshot(page, `support-console-inbox-${width}`)
      await page.getByTestId('support-thread-row').first().getByRole('link').click()
      await page.getByTestId('support-msg').first().waitFor()
      await settle(page)
      await screenshot(page, `support-console-thread-${width}`)
      // A phone shows the open thread alone, with the way back to the list.
      expect(await page.getByRole('list', { name: 'Threads' }).isVisible()).toBe(width === 1280)
      if (width === 390) await page.getByRole('link', { name: '← All threads' }).click()
      await page.getByLabel('Search threads').fill('nobody-writes-this')
      await page.getByText('No threads match.').waitFor()
      expect(await page.getByTestId('support-thread-row').count()).toBe(0)
      await screenshot(page, `support-console-empty-${width}`)
      await context.close()
    }
  })
  it("home's Support row counts the unread replies; opening the conversation clears it: English and Persian", async () => {
    const label = { en: '2 unread replies', fa: '2 پاسخ خوانده‌نشده' }
    for (const [lang, theme] of [
      ['en', 'light'],
      ['fa', 'dark'],
    ] as [Lang, Theme][]) {
      const { page, context, errors, user } = await openHome(lang, theme)
      const row = page.getByTestId('dashboard-support')
      const badge = row.getByTestId('dashboard-support-unread')
      await row.click()
      await page
        .getByTestId('support-text')
        .fill(lang === 'fa' ? 'پرداخت من کی انجام می‌شود؟' : 'When is my payout?')
      await page.getByTestId('support-send').click()
      await page.getByTestId('support-message').first().waitFor()
      await sendTelegramEvent(page, 'back_button_pressed')
      await row.waitFor()

      // Replies while the user is home: a user who never started the bot has only this sign of them.
      const listed = (await e2e.server.ops('GET', `/support/threads?status=all&q=${user.id}`)) as {
        items: { uid: string }[]
      }
      const uid = listed.items[0]?.uid ?? ''
      for (const text of ['We are checking.', 'It is paid now.'])
        await e2e.server.ops('POST', `/support/threads/${uid}/replies`, { text })
      await page.reload()
      await badge.waitFor({ timeout: 20_000 })
      const prompt = page.getByRole('alertdialog')
      if (await prompt.isVisible()) await prompt.getByRole('button').last().click()
      await settle(page)
      await screenshot(page, `support-badge-${lang}`)
      expect(await badge.locator('bdi').innerText()).toBe('2')
      expect(await badge.getByText(label[lang], { exact: true }).count()).toBe(1)
      // At the row's inline end (right in English, left in Persian), and the row as tall as its neighbour's.
      const rowBox = await row.boundingBox()
      const badgeBox = await badge.boundingBox()
      const orders = await page.getByTestId('dashboard-orders').boundingBox()
      if (!rowBox || !badgeBox || !orders) throw new Error('home is not drawn')
      const middle = rowBox.x + rowBox.width / 2
      if (lang === 'en') expect(badgeBox.x).toBeGreaterThan(middle)
      else expect(badgeBox.x + badgeBox.width).toBeLessThan(middle)
      expect(rowBox.height).toBe(orders.height)

      // Opening the conversation marks the replies read; home then shows no badge, before and after it asks again.
      const read = page.waitForResponse((r) => new URL(r.url()).pathname === '/support/read')
      await row.click()
      expect((await read).status()).toBe(200)
      const dashboard = page.waitForResponse((r) => new URL(r.url()).pathname === '/dashboard')
      await sendTelegramEvent(page, 'back_button_pressed')
      await row.waitFor()
      expect(await badge.count()).toBe(0)
      await dashboard
      await settle(page)
      expect(await badge.count()).toBe(0)
      expect(errors).toEqual([])
      await context.close()
    }
  })
})
