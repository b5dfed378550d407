/**
 * The operator console on a phone (390x844), light and dark (issue 20, items 7 and 8): four eyes shows on the payout's
 * row and in its detail, and what the approver may not do is disabled with the reason; a toman amount reads as the
 * mini-app writes it; settings read as typed values; the audit log shows a change as a diff; the user page has the last
 * name. No screen is wider than the phone.
 */
import type { OperatorEnrolment } from '@app/contract/ops'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { callApi } from '../support/accounts.ts'
import { PHONE, screenshot } from '../support/browser.ts'
import { enrolOperator, fourEyes, signInToConsole, userWithAcceptedAccount } from '../support/console.ts'
import { useE2e } from '../support/fixture.ts'

const DELAY_SECONDS = 2
/** A card and an IBAN that pass the contract's checksums (Luhn, mod 97). */
const CARD = '6037991234567893'
const IBAN = 'IR050170000000123456789012'
const THEMES = ['light', 'dark'] as const

const e2e = useE2e(
  fourEyes(DELAY_SECONDS, { settings: { toman_payment_open: true }, rates: { USDTIRT: '98500' } }),
)

const pause = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000))

const enrol = (login: string, role: 'operator' | 'admin') => enrolOperator(e2e.server, login, role)

/**
 * A console page on a phone, signed in as the enrolled operator (once: a TOTP code is good once, so the theme is
 * switched on the page, as the phone's setting would).
 */
async function onPhone(enrolment: OperatorEnrolment): Promise<Page> {
  const context = await e2e.browser.newContext({
    ...PHONE,
    colorScheme: 'light',
  })
  const page = await context.newPage()
  await signInToConsole(page, e2e.server, enrolment)
  return page
}

/** Nothing reaches past the phone's width (a table squeezed into columns would). */
const widest = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

async function open(page: Page, screen: string, heading: string) {
  await page.getByRole('link', { name: screen, exact: true }).click()
  await page.getByRole('heading', { name: heading }).waitFor()
}

describe('the console on a phone', () => {
  it('four eyes on the payout row and detail, toman amounts, typed settings, the audit diff and the whole name', async () => {
    const [ada, olga, otto] = await Promise.all([
      enrol('ada', 'admin'),
      enrol('olga', 'operator'),
      enrol('otto', 'operator'),
    ])

    // A user's toman payout, above the approval amount, pending.
    const user = { id: 885_000_101, firstName: 'Sara', lastName: 'Ahmadi', languageCode: 'en' as const }
    const app = await userWithAcceptedAccount(e2e.browser, e2e.server, user, '+12015551901')
    const { uid: invoiceUid } = (await callApi(app, 'POST', '/invoices/request-invoice')) as { uid: string }
    await e2e.server.ops('POST', `/invoices/${invoiceUid}/confirm`)
    const payout = (await callApi(app, 'POST', `/invoices/${invoiceUid}/request-payment-irt`, {
      bankCardCreate: { name: 'Sara', family: 'Ahmadi', number: CARD, iban: IBAN },
      currency: 'irt',
    })) as { uid: string; net: number }
    const toPay = `${new Intl.NumberFormat('en-US').format(payout.net)} Toman`
    expect(toPay).toMatch(/^\d{1,3}(,\d{3})+ Toman$/)
    // The new operators' signatures count after the delay.
    await pause(DELAY_SECONDS + 0.5)

    // Olga approves: the row says so, and her Approve and her sending are disabled with the reason.
    const olgaPage = await onPhone(olga)
    await open(olgaPage, 'Transactions', 'Transactions')
    const row = olgaPage
      .locator('tr')
      .filter({ hasText: payout.uid.slice(0, 8) })
      .first()
    await row.getByText(toPay).waitFor()
    expect(await row.getByTestId('four-eyes').innerText()).toBe('Needs approval (above 0.5 USDT)')
    expect(await row.getByRole('button', { name: 'Broadcast' }).isDisabled()).toBe(true)
    await row.getByRole('button', { name: 'Approve' }).click()
    await expect.poll(() => row.getByTestId('four-eyes').innerText()).toMatch(/^Approved by olga \d/)
    expect(await row.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true)
    expect(await row.getByText('You approved it: another operator sends it.').count()).toBe(1)
    for (const send of ['Broadcast', 'Succeeded…'])
      expect(await row.getByRole('button', { name: send }).isDisabled()).toBe(true)
    await row
      .getByText('Your own approval does not count for you: another operator sends it on your approval.')
      .waitFor()
    expect(await widest(olgaPage)).toBeLessThanOrEqual(390)
    await row.scrollIntoViewIfNeeded()
    await screenshot(olgaPage, 'console-phone-payout-approved-light')

    // The detail, in the URL: every field to copy, and the approval with its time.
    await row.getByRole('button', { name: 'Details' }).click()
    const detail = olgaPage.getByRole('region', { name: `Transaction ${payout.uid.slice(0, 8)}` })
    await detail.waitFor()
    expect(new URL(olgaPage.url()).searchParams.get('transaction')).toBe(payout.uid)
    expect(await detail.innerText()).toContain('Needs a second operator’s approval: above 0.5 USDT.')
    expect(await detail.getByRole('listitem').innerText()).toMatch(/^olga approved .*: counts$/)
    expect(await detail.innerText()).toContain('1 USDT = 98,500 Toman')
    expect(await widest(olgaPage)).toBeLessThanOrEqual(390)
    await detail.scrollIntoViewIfNeeded()
    await screenshot(olgaPage, 'console-phone-payout-detail-light')

    // The same in the dark theme, the detail opened from its link.
    await olgaPage.emulateMedia({ colorScheme: 'dark' })
    await olgaPage.reload()
    await detail.waitFor()
    expect(await olgaPage.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
      'rgb(15, 19, 24)',
    )
    await row.scrollIntoViewIfNeeded()
    await screenshot(olgaPage, 'console-phone-payout-approved-dark')
    await detail.scrollIntoViewIfNeeded()
    await screenshot(olgaPage, 'console-phone-payout-detail-dark')

    // Otto sends it on Olga's approval.
    const ottoPage = await onPhone(otto)
    await open(ottoPage, 'Transactions', 'Transactions')
    const ottoRow = ottoPage
      .locator('tr')
      .filter({ hasText: payout.uid.slice(0, 8) })
      .first()
    expect(await ottoRow.getByText('You approved it').count()).toBe(0)
    await ottoRow.getByRole('button', { name: 'Broadcast' }).click()
    await ottoPage.getByText(/is broadcasting\.$/).waitFor()

    const admin = await onPhone(ada)
    for (const theme of THEMES) {
      await admin.emulateMedia({ colorScheme: theme })
      // Settings as typed values.
      await open(admin, 'Settings', 'Settings and limits')
      const approvalAbove = admin.locator('tr').filter({ hasText: 'payout_approval_above' })
      expect(await approvalAbove.getByTestId('setting-value').innerText()).toBe('0.5 USDT')
      expect(
        await admin
          .locator('tr')
          .filter({ hasText: 'payment_open' })
          .first()
          .getByTestId('setting-value')
          .innerText(),
      ).toBe('On')
      expect(
        await admin
          .locator('tr')
          .filter({ hasText: 'validation_delay_seconds' })
          .getByTestId('setting-value')
          .innerText(),
      ).toBe('1 s')
      expect(await widest(admin)).toBeLessThanOrEqual(390)
      await approvalAbove.scrollIntoViewIfNeeded()
      await screenshot(admin, `console-phone-settings-${theme}`)

      // The audit log: the broadcast as a diff.
      await open(admin, 'Audit log', 'Audit log')
      const broadcast = admin.locator('tr').filter({ hasText: 'transaction.broadcast' }).first()
      expect(await broadcast.getByTestId('diff-changed').first().innerText()).toMatch(
        /^status\s*pending → broadcasting$/,
      )
      expect(await widest(admin)).toBeLessThanOrEqual(390)
      await screenshot(admin, `console-phone-audit-${theme}`)

      // The user page with the last name.
      await admin.goto(`${e2e.server.url}/console/users?telegramId=${user.id}`)
      expect(await admin.getByRole('heading', { level: 2 }).innerText()).toBe('Sara Ahmadi')
      expect(await widest(admin)).toBeLessThanOrEqual(390)
      await screenshot(admin, `console-phone-user-${theme}`)
    }
  }, 150_000)
})
