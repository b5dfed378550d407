/**
 * The overview in time (issue 20, item 9), in Chromium: the queues say how long their oldest item has waited, and the
 * last 30 days are drawn (uPlot's canvases) with their numbers as tables, at 1280 px and at 390 px, light and dark; the
 * charts are drawn again in the other theme's colours, and nothing is wider than the phone.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { callApi } from '../support/accounts.ts'
import { screenshot } from '../support/browser.ts'
import { enrolOperator, fourEyes, signInToConsole, userWithAcceptedAccount } from '../support/console.ts'
import { useE2e } from '../support/fixture.ts'

const e2e = useE2e(fourEyes(1))

const widest = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)
/** The colour the accounts chart's first line is drawn in (its legend sample carries it). */
const firstLineColour = (page: Page) =>
  page.getByTestId('trend-accounts').locator('.u-legend .u-marker').first().getAttribute('data-stroke')

describe('console overview in time', () => {
  it('ages of the queues and the 30 days drawn, with tables; desktop and phone, light and dark', async () => {
    const user = { id: 885_000_401, firstName: 'Ava', languageCode: 'en' as const }
    const app = await userWithAcceptedAccount(e2e.browser, e2e.server, user, '+12015551941')
    await callApi(app, 'POST', '/invoices/request-invoice')

    const ada = await enrolOperator(e2e.server, 'ada', 'admin')
    const context = await e2e.browser.newContext({
      viewport: { width: 1280, height: 800 },
      colorScheme: 'light',
    })
    const page = await context.newPage()
    await signInToConsole(page, e2e.server, ada)
    const invoices = page.locator('.tile').filter({ hasText: 'Invoices awaiting confirmation' })
    await expect.poll(() => invoices.locator('.age').innerText()).toMatch(/^Oldest waited \d+ (s|min)$/)
    // Four charts, each drawn on a canvas, each with its table of 30 days.
    const charts = page.locator('figure.trend')
    await expect.poll(() => charts.count()).toBe(4)
    await expect.poll(() => page.locator('figure.trend canvas').count()).toBeGreaterThanOrEqual(4)
    const accounts = page.getByTestId('trend-accounts')
    const table = accounts.getByRole('table', { name: 'Accounts per day, per day (UTC)' })
    expect(await table.getByRole('row').count()).toBe(31)
    const today = new Date().toISOString().slice(0, 10)
    const lastRow = table.getByRole('row').last()
    expect(await lastRow.getByRole('rowheader').innerText()).toBe(today)
    // Today: at least the one account submitted and accepted.
    const [submitted, accepted] = await lastRow.getByRole('cell').allInnerTexts()
    expect(Number(submitted)).toBeGreaterThanOrEqual(1)
    expect(Number(accepted)).toBeGreaterThanOrEqual(1)
    const light = await firstLineColour(page)
    await page.getByTestId('trend-owed').scrollIntoViewIfNeeded()
    await screenshot(page, 'console-overview-desktop-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(() => firstLineColour(page)).not.toBe(light)
    await screenshot(page, 'console-overview-desktop-dark')

    // The numbers shown to everyone on request.
    await accounts.getByRole('button', { name: 'Show the numbers' }).click()
    expect(await table.isVisible()).toBe(true)
    await accounts.getByRole('button', { name: 'Hide the numbers' }).click()

    await page.setViewportSize({ width: 390, height: 844 })
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme })
      await page.getByTestId('trend-accounts').scrollIntoViewIfNeeded()
      expect(await widest(page)).toBeLessThanOrEqual(390)
      await screenshot(page, `console-overview-phone-${theme}`)
    }
    await page.evaluate(() => window.scrollTo(0, 0))
    await screenshot(page, 'console-overview-phone-queues-dark')
    await context.close()
  })
})
