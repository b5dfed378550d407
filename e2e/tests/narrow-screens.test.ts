/**
 * Narrow phones (issue 20, items 1 and 6), at 360 and 390 px, English and Persian, iOS light and Android dark:
 * the whole phone number in the accounts lists and the invoice's account rows beside the widest labels (the
 * label gives way), the 24-digit sheba shown whole, the sign-up email-code screen naming the address, and back
 * from an account detail restoring the tab and the search.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '../../apps/server/dev/demo/demo-data.ts'
import { SANDBOX_GOOD_EMAIL, SANDBOX_LOGIN_CODE } from '../../apps/server/src/providers/sandbox/scenarios.ts'
import { callApi, supplyAcceptedAccounts } from '../support/accounts.ts'
import {
  answerPopup,
  goInApp,
  openMiniApp,
  popups,
  screenshot,
  sendTelegramEvent,
} from '../support/browser.ts'
import { useE2e } from '../support/fixture.ts'

const supplier = { id: 884_000_001, firstName: 'Narrow', lastName: 'Screens' }
let invoiceUid = ''

/** Registered accounts whose validation fails with the widest labels (docs/sandbox-provider.md). */
const REJECTED = ['+12015550115', '+12015550110']
/** A registered account that is accepted: 'Registered' and 'Validated' beside the longest Iranian number. */
const ACCEPTED = '+989123330008'
/** Accounts paid by the invoice. */
const INVOICED = ['+989123330011', '+989123330012']
const SHEBA_DIGITS = '910550012340000000123456'

const persian = (value: string) => value.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)))

type Language = 'en' | 'fa'
type Look = { platform: 'ios' | 'android'; theme: 'light' | 'dark' }
const WIDTHS = [360, 390] as const
const LANGUAGES: Language[] = ['en', 'fa']
const LOOKS: Look[] = [
  { platform: 'ios', theme: 'light' },
  { platform: 'android', theme: 'dark' },
]

async function launch(language: Language, look: Look, width: number) {
  const opened = await openMiniApp(
    e2e.browser,
    e2e.server,
    { user: { ...supplier, languageCode: language }, ...look, startParam: DEMO_REFERRAL_CODE },
    { width, height: 780 },
  )
  await opened.page.getByTestId('dashboard').waitFor({ timeout: 15_000 })
  // The demo channel is not joined: its prompt opens with home (once a session); close it as a user would.
  for (let waited = 0; waited < 3_000 && (await popups(opened.page)).length === 0; waited += 100)
    await opened.page.waitForTimeout(100)
  if ((await popups(opened.page)).length > 0) await answerPopup(opened.page, null)
  return opened
}

async function registerAccount(page: Page, phone: string) {
  await callApi(page, 'POST', '/telegram/submit-account-phone', { phone, submitType: 'register' })
  await callApi(page, 'POST', '/telegram/submit-account-code', { code: SANDBOX_LOGIN_CODE })
  await callApi(page, 'POST', '/telegram/submit-account')
}

/**
 * Each phone number of these rows is shown whole: inside the screen and inside every ancestor that clips, on
 * one line, and nothing else of its row (the labels, the amount) drawn over it. Answers the phones as shown.
 */
async function expectWholePhones(page: Page, rowTestId: string, where: string): Promise<string[]> {
  const rows = await page.getByTestId(rowTestId).evaluateAll((elements) =>
    elements.map((row) => {
      const phone = row.querySelector('.phone-number')
      if (!phone) return { text: '', problems: ['no phone'] }
      const box = phone.getBoundingClientRect()
      const problems: string[] = []
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) problems.push('outside the screen')
      for (
        let parent = phone.parentElement;
        parent && parent !== row.parentElement;
        parent = parent.parentElement
      ) {
        if (getComputedStyle(parent).overflowX === 'visible') continue
        const clip = parent.getBoundingClientRect()
        if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5)
          problems.push(
            `clipped by .${parent.className} (${Math.round(box.width)} px in ${Math.round(clip.width)})`,
          )
      }
      // An inline box broken across lines has one rectangle per line.
      if (phone.getClientRects().length > 1) problems.push('broken across lines')
      for (const other of row.querySelectorAll('.cell__after, .cell__chevron')) {
        const o = other.getBoundingClientRect()
        const overlaps = o.left < box.right - 0.5 && o.right > box.left + 0.5
        if (overlaps && o.top < box.bottom && o.bottom > box.top)
          problems.push(`overlapped by .${other.className}`)
      }
      return { text: phone.textContent ?? '', problems }
    }),
  )
  expect(rows.length, where).toBeGreaterThan(0)
  expect(
    rows.filter((row) => row.problems.length > 0),
    where,
  ).toEqual([])
  return rows.map((row) => row.text)
}

const e2e = useE2e({
  settings: {
    validation_delay_seconds: 1,
    min_payment_limit: '1',
    max_payment_limit: '100000',
    payment_open: true,
    toman_payment_open: true,
  },
  rates: { USDTIRT: '98500' },
})

/**
 * The accounts and the invoice the screens show, made once by the first test that needs them (so no test
 * depends on another running first; expect.poll belongs inside a test).
 */
let supplies: Promise<void> | undefined
const supplied = () => {
  supplies ??= supply()
  return supplies
}
async function supply() {
  // Wide amounts beside the invoice's phones: '1,234.56 USDT' an account.
  await e2e.server.ops('PATCH', '/orders/IR', { price: '1234.56' })
  // The invoice first (it takes every accepted account), confirmed so that it can be paid in toman; then the
  // registered accounts the lists show.
  const { page, context } = await launch('en', { platform: 'ios', theme: 'light' }, 390)
  await supplyAcceptedAccounts(e2e.server, page, supplier.id, INVOICED)
  invoiceUid = ((await callApi(page, 'POST', '/invoices/request-invoice')) as { uid: string }).uid
  await e2e.server.ops('POST', `/invoices/${invoiceUid}/confirm`)
  for (const phone of [...REJECTED, ACCEPTED]) await registerAccount(page, phone)
  await expect
    .poll(
      async () => {
        const accounts = (await e2e.server.ops('GET', `/users/${supplier.id}/accounts`)) as {
          status: string
        }[]
        return accounts.filter((account) => account.status !== 'pending').length
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(INVOICED.length + REJECTED.length + 1)
  await context.close()
}

describe.each(WIDTHS)('at %i px', (width) => {
  describe.each(LANGUAGES)('in %s', (language) => {
    describe.each(LOOKS)('$platform $theme', (look) => {
      let opened: Awaited<ReturnType<typeof launch>>
      let page: Page
      beforeAll(async () => {
        opened = await launch(language, look, width)
        page = opened.page
      })
      afterAll(async () => {
        expect(opened.errors).toEqual([])
        await opened.context.close()
      })
      const name = (screen: string) => `narrow-${width}-${language}-${look.theme}-${screen}`
      const where = (screen: string) =>
        `${screen} at ${width} px, ${language}, ${look.platform} ${look.theme}`

      it('the lists show whole numbers beside the widest labels', async () => {
        await supplied()
        await goInApp(page, '/accounts/rejected')
        await expect.poll(() => page.getByTestId('account-row').count(), { timeout: 15_000 }).toBe(2)
        await screenshot(page, name('accounts-rejected'))
        const rejected = await expectWholePhones(page, 'account-row', where('rejected tab'))
        expect(rejected.map((phone) => phone.replace(/\D/g, '')).sort()).toEqual(
          REJECTED.map((phone) => phone.slice(1)).sort(),
        )
        await goInApp(page, '/accounts/accepted')
        await expect.poll(() => page.getByTestId('account-row').count(), { timeout: 15_000 }).toBe(1)
        await screenshot(page, name('accounts-accepted'))
        expect(await expectWholePhones(page, 'account-row', where('accepted tab'))).toEqual([
          '+98 912 333 0008',
        ])
      })

      it("the invoice's account rows show whole numbers, at 366 px too", async () => {
        await supplied()
        await goInApp(page, `/invoices/${invoiceUid}`)
        await expect.poll(() => page.getByTestId('invoice-account-row').count(), { timeout: 15_000 }).toBe(2)
        await page.getByTestId('invoice-accounts').scrollIntoViewIfNeeded()
        await screenshot(page, name('invoice-accounts'))
        for (const atWidth of [width, 366]) {
          await page.setViewportSize({ width: atWidth, height: 780 })
          await expectWholePhones(page, 'invoice-account-row', where(`invoice accounts at ${atWidth} px`))
        }
        await page.setViewportSize({ width, height: 780 })
      })

      it("the sheba's 24 digits are shown whole", async () => {
        await supplied()
        await goInApp(page, `/invoices/${invoiceUid}/request-payment-irt`)
        const sheba = page.locator('.payments-iban__input')
        // Phones' fonts differ (iOS's SF Pro: about 0.6 em a digit); this machine's default is narrower than
        // most. DejaVu Sans, 0.64 em a digit, stands for the widest, so the field must hold 24 of them.
        await page.addStyleTag({ content: '.payments-iban__input { font-family: "DejaVu Sans" !important }' })
        await sheba.fill(persian(SHEBA_DIGITS))
        expect(await sheba.inputValue()).toBe(SHEBA_DIGITS)
        await sheba.scrollIntoViewIfNeeded()
        await screenshot(page, name('sheba'))
        const fits = await sheba.evaluate((input: HTMLInputElement) => ({
          scroll: input.scrollWidth,
          client: input.clientWidth,
        }))
        expect(fits.scroll, `${where('sheba')}: ${JSON.stringify(fits)}`).toBeLessThanOrEqual(fits.client)
      })

      it('the sign-up email-code screen names the address the code went to', async () => {
        await supplied()
        await goInApp(page, '/accounts/auth/send-code')
        await page.getByTestId('signup-phone').getByRole('textbox').fill('+989120000003')
        await page.getByTestId('signup-phone-submit').click()
        await page.getByTestId('signup-email').getByRole('textbox').fill(SANDBOX_GOOD_EMAIL)
        await page.getByTestId('signup-email-submit').click()
        await page.getByTestId('signup-email-code').waitFor()
        await screenshot(page, name('signup-email-code'))
        const sentTo = page.getByTestId('signup-email-code').locator('bdi', { hasText: SANDBOX_GOOD_EMAIL })
        expect(await sentTo.getAttribute('dir')).toBe('ltr')
      })

      it('back from an account detail restores the tab and the search', async () => {
        await supplied()
        await goInApp(page, '/accounts/rejected')
        await page.getByTestId('account-row').first().waitFor()
        // Typed on a Persian keyboard: the search reads Latin digits.
        await page.getByTestId('accounts-search').fill(persian('0115'))
        await expect.poll(() => new URL(page.url()).search).toBe('?search=0115')
        await expect.poll(() => page.getByTestId('account-row').count()).toBe(1)
        await page.getByTestId('account-row').click()
        await page.getByTestId('account-detail').waitFor()
        await screenshot(page, name('account-detail'))
        await sendTelegramEvent(page, 'back_button_pressed')
        await expect
          .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
          .toBe('/accounts/rejected?search=0115')
        expect(await page.getByTestId('accounts-search').inputValue()).toBe('0115')
        expect(await page.getByRole('tab', { selected: true }).textContent()).toBe(
          language === 'fa' ? 'ردشده' : 'Rejected',
        )
        await expect.poll(() => page.getByTestId('account-row').count()).toBe(1)
        await screenshot(page, name('accounts-back'))
      })
    })
  })
})
