/**
 * Exports in the console (issue 20, item 10), in Chromium: an admin picks the period and downloads the invoices CSV,
 * which opens with the BOM and holds the Persian name as typed and the amount as a plain decimal; the download is in
 * the audit log. The screen at 1280 px and at 390 px, light and dark, no wider than the phone.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { callApi } from '../support/accounts.ts'
import { screenshot } from '../support/browser.ts'
import { enrolOperator, fourEyes, signInToConsole, userWithAcceptedAccount } from '../support/console.ts'
import { useE2e } from '../support/fixture.ts'

const e2e = useE2e(fourEyes(1))

const widest = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

describe('console exports', () => {
  it('downloads the invoices CSV of the period (BOM, Persian name, plain amount), audited; phone and desktop, both themes', async () => {
    const user = { id: 885_000_301, firstName: 'سارا', lastName: 'احمدی', languageCode: 'fa' as const }
    const app = await userWithAcceptedAccount(e2e.browser, e2e.server, user, '+12015551931')
    const { uid: invoiceUid } = (await callApi(app, 'POST', '/invoices/request-invoice')) as { uid: string }

    const ada = await enrolOperator(e2e.server, 'ada', 'admin')
    const context = await e2e.browser.newContext({
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
    })
    const page = await context.newPage()
    await signInToConsole(page, e2e.server, ada)
    await page.getByRole('link', { name: 'Exports', exact: true }).click()
    await page.getByRole('heading', { name: 'Exports' }).waitFor()
    const today = new Date().toISOString().slice(0, 10)
    await page.getByLabel('From').fill(today)
    expect(new URL(page.url()).searchParams.get('from')).toBe(today)
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme })
      await screenshot(page, `console-exports-desktop-${theme}`)
    }

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download invoices CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`invoices-${today}-to-${today}.csv`)
    // Saved to a folder of the test's own: the download's own file goes with its context.
    const saved = join(mkdtempSync(join(tmpdir(), 'e2e-download-')), download.suggestedFilename())
    await download.saveAs(saved)
    const text = readFileSync(saved, 'utf8')
    expect(text.startsWith('\uFEFFinvoice,created_at,telegram_id,user_uid,first_name,last_name,')).toBe(true)
    const row = text.split('\r\n').find((line) => line.startsWith(invoiceUid)) ?? ''
    expect(row).toContain(`,${user.id},`)
    expect(row).toContain(',سارا,احمدی,')
    expect(row).toMatch(/,1,\d+(\.\d+)?,USDT,0,pending,pending,$/)

    await page.getByRole('link', { name: 'Audit log', exact: true }).click()
    await page.getByText('export.invoices').first().waitFor()

    // On a phone: the period and the three files stack, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('link', { name: 'Exports', exact: true }).click()
    await page.getByRole('link', { name: 'Download ledger CSV' }).waitFor()
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme })
      expect(await widest(page)).toBeLessThanOrEqual(390)
      await screenshot(page, `console-exports-phone-${theme}`)
    }
    await context.close()
  })
})
