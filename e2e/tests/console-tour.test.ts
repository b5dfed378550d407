/**
 * The operator console joins the screen tour (issue 38, item 11): an admin walks every console screen at desktop
 * size (1280x800), light and dark, and on each axe-core must find no serious or critical violation (WCAG 2.1 A and
 * AA; the overview had four, its charts' tables scrolling where no keyboard could reach). On the way, as a busy
 * operator meets them: payouts name their user, the 'Record the transaction' dialog says the payout is recorded unverified
 * (this server reads no chain), the notice after it is a sentence, a failed payout does not ask for an approval, and
 * the rejections chart gives each of its 8 reasons its own colour and dash in its legend. Screenshots:
 * test-output/e2e/tour-console-<theme>-<screen>.png.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { SANDBOX_LOGIN_CODE } from '../../apps/server/src/providers/sandbox/scenarios.ts'
import { seriousViolations, settle, trackRequests } from '../support/a11y.ts'
import { callApi } from '../support/accounts.ts'
import { SCREENSHOTS, screenshot } from '../support/browser.ts'
import { enrolOperator, signInToConsole, userWithAcceptedAccount } from '../support/console.ts'
import { PAYMENTS_OPEN, useE2e } from '../support/fixture.ts'

const e2e = useE2e(PAYMENTS_OPEN)

const THEMES = ['light', 'dark'] as const
type Theme = (typeof THEMES)[number]
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
const TXID = 'c3'.repeat(32)
const SENDER = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'
/** The sandbox's numbers whose validation fails one check each, and one that fails none by name ('Other'). */
const FAILING = ['08', '09', '10', '11', '12', '13', '14', '15'].map((n) => `+120155501${n}`)

/** The screens a signed-in admin walks, by path under /console and the heading that says it is there. */
const SCREENS: { name: string; path: string; heading: string | RegExp }[] = [
  { name: 'overview', path: '/', heading: 'Overview' },
  { name: 'invoices', path: '/invoices?status=confirmed', heading: 'Invoices' },
  { name: 'transactions', path: '/transactions?status=all', heading: 'Transactions' },
  { name: 'users', path: '/users', heading: 'Users' },
  { name: 'accounts', path: '/accounts', heading: 'Accounts' },
  { name: 'orders', path: '/orders', heading: 'Orders' },
  { name: 'rates', path: '/rates', heading: 'Exchange rates' },
  { name: 'news', path: '/news', heading: 'News' },
  { name: 'invites', path: '/invites', heading: 'Invites' },
  { name: 'settings', path: '/settings', heading: 'Settings and limits' },
  { name: 'exports', path: '/exports', heading: 'Exports' },
  { name: 'audit', path: '/audit', heading: 'Audit log' },
  { name: 'operators', path: '/operators', heading: 'Operators' },
]

/** Pictures the screen and asks axe; soft, so that one walk reports every screen. */
async function look(page: Page, theme: Theme, screen: string) {
  await settle(page)
  await screenshot(page, `tour-console-${theme}-${screen}`)
  expect.soft(await seriousViolations(page), `console ${screen}, ${theme}`).toEqual([])
}

async function go(page: Page, path: string, heading: string | RegExp) {
  await page.goto(`${e2e.server.url}/console${path}`)
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
}

const payoutRow = (page: Page, uid: string) =>
  page
    .locator('tr')
    .filter({ hasText: uid.slice(0, 8) })
    .first()

describe('the console’s screen tour', () => {
  it('every screen, light and dark, without serious axe findings; payouts and the rejections chart read right', async () => {
    // A Persian-named supplier: one account accepted, eight rejected (one per reason), and two payouts of the
    // invoice: the first failed by an operator, the second pending.
    const user = { id: 885_000_501, firstName: 'سارا', lastName: 'رضایی', languageCode: 'fa' as const }
    const app = await userWithAcceptedAccount(e2e.browser, e2e.server, user, '+12015551951')
    for (const phone of FAILING) {
      await callApi(app, 'POST', '/telegram/submit-account-phone', { phone, submitType: 'login' })
      await callApi(app, 'POST', '/telegram/submit-account-code', { code: SANDBOX_LOGIN_CODE })
      await callApi(app, 'POST', '/telegram/submit-account')
    }
    const rejected = async () =>
      JSON.stringify(await e2e.server.ops('GET', `/users/${user.id}/accounts`)).split('"status":"rejected"')
        .length - 1
    await expect.poll(rejected, { timeout: 30_000, interval: 500 }).toBe(FAILING.length)
    const { uid: invoiceUid } = (await callApi(app, 'POST', '/invoices/request-invoice')) as { uid: string }
    await e2e.server.ops('POST', `/invoices/${invoiceUid}/confirm`)
    const requestPayout = async () =>
      (
        (await callApi(app, 'POST', `/invoices/${invoiceUid}/request-payment`, {
          currency: 'trx',
          receiverAddress: TRON_ADDRESS,
        })) as { uid: string }
      ).uid
    const failed = await requestPayout()
    await e2e.server.ops('POST', `/transactions/${failed}/fail`, { reason: 'wrong network' })
    const pending = await requestPayout()

    const ada = await enrolOperator(e2e.server, 'ada', 'admin')
    const context = await e2e.browser.newContext({
      viewport: { width: 1280, height: 800 },
      colorScheme: 'light',
    })
    const page = await context.newPage()
    trackRequests(page)
    await page.goto(`${e2e.server.url}/console/`)
    await page.getByRole('heading', { name: 'Operator console' }).waitFor()
    await look(page, 'light', 'login')
    await signInToConsole(page, e2e.server, ada)

    // The payouts as a busy operator reads them: whose, and recording one where no chain is read.
    await go(page, '/transactions?status=all', 'Transactions')
    await expect.poll(() => payoutRow(page, pending).getByRole('link', { name: 'سارا' }).count()).toBe(1)
    await payoutRow(page, pending).getByRole('button', { name: 'Succeeded…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Record the transaction' })
    await expect
      .poll(() => dialog.getByTestId('succeed-rule').innerText())
      .toBe(
        'No TRON endpoint is set (TRON_API_ROOT): nothing is read from the chain, and the transaction is recorded unverified, as you type it. Check the transaction on TronScan first.',
      )
    await look(page, 'light', 'payout-record')
    await dialog.getByLabel('Transaction id (txid)').fill(TXID)
    await dialog.getByLabel(/Sender address/).fill(SENDER)
    await dialog.getByRole('button', { name: 'Record as paid' }).click()
    await expect
      .poll(() => page.locator('.notice').innerText())
      .toBe(`Transaction ${pending.slice(0, 8)} succeeded.`)
    await look(page, 'light', 'payout-recorded')

    // Four eyes turned on now: the failed and the paid payout need no approval any more.
    await e2e.server.ops('PUT', '/settings/payout_approval_above', { value: '0.5' })
    await go(page, `/transactions?status=all&transaction=${failed}`, 'Transactions')
    await expect.poll(() => payoutRow(page, failed).getByTestId('four-eyes').innerText()).toBe('—')
    expect(await payoutRow(page, pending).getByTestId('four-eyes').innerText()).toBe('—')
    await look(page, 'light', 'payout-detail')

    // The rejections chart: a line, a colour and a dash of its own for each of the 8 reasons, in its legend.
    await go(page, '/', 'Overview')
    const legend = page.getByTestId('trend-rejections').locator('.u-legend .u-series:has(.u-marker)')
    await expect
      .poll(() => legend.locator('.u-label').allInnerTexts())
      .toEqual([
        'Two-step verification',
        'Authorization',
        'Connection',
        'Chats',
        'Frozen',
        'Send message',
        'Add contact',
        'Other',
      ])
    const markers = legend.locator('.u-marker')
    const colours = await markers.evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.stroke))
    const dashes = await markers.evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.dash))
    expect(new Set(colours).size, colours.join('; ')).toBe(8)
    expect(new Set(dashes).size, dashes.join('; ')).toBe(8)
    await page
      .getByTestId('trend-rejections')
      .screenshot({ path: `${SCREENSHOTS}/tour-console-light-rejections.png` })

    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme })
      for (const screen of SCREENS) {
        await go(page, screen.path, screen.heading)
        await look(page, theme, screen.name)
      }
      await go(page, `/users?telegramId=${user.id}`, 'Users')
      await page.getByRole('heading', { name: /سارا/, level: 2 }).waitFor()
      await look(page, theme, 'user')
      // The overview's numbers shown: their table scrolls, and a keyboard reaches it.
      await go(page, '/', 'Overview')
      await page.getByTestId('trend-rejections').getByRole('button', { name: 'Show the numbers' }).click()
      await look(page, theme, 'overview-numbers')
    }
    await context.close()
  }, 240_000)
})
