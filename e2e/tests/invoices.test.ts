import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '../../apps/server/dev/demo/demo-data.ts'
import { callApi, supplyAcceptedAccounts } from '../support/accounts.ts'
import { answerPopup, openMiniApp, screenshot, sendTelegramEvent } from '../support/browser.ts'
import { useE2e } from '../support/fixture.ts'

let nextTelegramId = 882_000_001
let nextPhone = 12_015_550_900
const phones = (count: number) => Array.from({ length: count }, () => `+${nextPhone++}`)

/** A valid TRON address (base58check), for a payout request made straight to the API. */
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'

// Accounts are validated a second after submission; one accepted account is enough for an invoice.
const e2e = useE2e({ settings: { validation_delay_seconds: 1, min_payment_limit: '1' } })

async function openWithdraw(
  languageCode: 'en' | 'fa',
  look: { platform: 'ios' | 'android'; theme: 'light' | 'dark' } = { platform: 'ios', theme: 'light' },
) {
  const user = { id: nextTelegramId++, firstName: 'Payee', lastName: 'Test', languageCode }
  const opened = await openMiniApp(e2e.browser, e2e.server, { user, ...look, startParam: DEMO_REFERRAL_CODE })
  const { page } = opened
  await page.getByTestId('dashboard-withdraw').waitFor({ timeout: 15_000 })
  // The demo channel is not joined: its prompt comes first; close it as a user would.
  await answerPopup(page, null)
  return { ...opened, user }
}

/** Back to home and into Withdraw Money again: the dashboard is read afresh. */
async function reopenInvoices(page: Page) {
  await sendTelegramEvent(page, 'back_button_pressed')
  await page.getByTestId('dashboard-withdraw').waitFor()
  await page.getByTestId('dashboard-withdraw').click()
  await page.getByTestId('invoices').waitFor()
}

describe('invoices', () => {
  it('creates an invoice from the accepted accounts, shows it pending, then confirmed with a failed payout', async () => {
    const { page, context, user, errors } = await openWithdraw('en')
    await page.getByTestId('dashboard-withdraw').click()
    await page.getByTestId('invoices-empty').waitFor()
    const create = page.getByTestId('invoices-create')
    await expect.poll(() => create.innerText()).toBe('Minimum payment limit is 1.00 USDT')
    expect(await create.isDisabled()).toBe(true)
    await screenshot(page, 'invoices-empty')

    await supplyAcceptedAccounts(e2e.server, page, user.id, phones(3))
    await reopenInvoices(page)
    await expect.poll(() => create.innerText()).toBe('Request payment 6.00 USDT')
    await screenshot(page, 'invoices-ready')

    await create.click()
    const question = await answerPopup(page, null, 'Create Invoice')
    expect(question).toBe('Do you want to create this invoice with a total price of 6.00 USDT?')
    // Demo invoices start pending confirmation: the app opens the invoice itself.
    await page.getByTestId('invoice-detail').waitFor()
    const invoiceUid = new URL(page.url()).pathname.split('/')[2] ?? ''
    expect(await page.getByTestId('invoice-confirmation').innerText()).toContain('Pending Confirmation')
    expect(await page.getByTestId('invoice-request-payment').count()).toBe(0)
    await page.getByRole('heading', { name: '3 Account(s)' }).waitFor()
    await screenshot(page, 'invoice-detail-pending')

    // An operator confirms; a TRX payout is requested and fails: the user may request again.
    await e2e.server.ops('POST', `/invoices/${invoiceUid}/confirm`)
    const transaction = (await callApi(page, 'POST', `/invoices/${invoiceUid}/request-payment`, {
      receiverAddress: TRON_ADDRESS,
      currency: 'trx',
    })) as { uid: string }
    await e2e.server.ops('POST', `/transactions/${transaction.uid}/fail`)

    await sendTelegramEvent(page, 'back_button_pressed')
    await page.getByTestId('invoice-row').first().waitFor()
    const row = page.getByTestId('invoice-row').first()
    // The list shows what it had, then what the server says now.
    await expect.poll(() => row.innerText()).toContain('Confirmed')
    expect(await row.innerText()).toContain('Click for payment request')
    expect(await row.innerText()).toContain('Failed')
    expect(await create.innerText()).toBe('Minimum payment limit is 1.00 USDT')
    await screenshot(page, 'invoices-list')

    await row.click()
    await page.getByTestId('invoice-request-payment').waitFor()
    expect(await page.getByTestId('invoice-payment-hint').innerText()).toBe('Click for payment request')
    await page.getByRole('heading', { name: '1 Transaction(s)' }).waitFor()
    expect(await page.getByTestId('invoice-transaction-row').innerText()).toContain('Failed')
    await screenshot(page, 'invoice-detail-confirmed')
    await page.screenshot({ path: 'test-output/e2e/invoice-detail-confirmed-full.png', fullPage: true })

    await page.getByTestId('invoice-account-row').first().click()
    await page.getByTestId('account-detail').waitFor()
    await sendTelegramEvent(page, 'back_button_pressed')
    await page.getByTestId('invoice-detail').waitFor()
    expect(new URL(page.url()).pathname).toBe(`/invoices/${invoiceUid}`)

    await page.getByTestId('invoice-request-payment').click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/invoices/${invoiceUid}/select-method`)
    expect(errors).toEqual([])
    await context.close()
  })

  it('explains why a second invoice must wait', async () => {
    const { page, context, user } = await openWithdraw('en')
    await supplyAcceptedAccounts(e2e.server, page, user.id, phones(1))
    await page.getByTestId('dashboard-withdraw').click()
    await page.getByTestId('invoices-create').click()
    await answerPopup(page, null, 'Create Invoice')
    await page.getByTestId('invoice-detail').waitFor()
    await sendTelegramEvent(page, 'back_button_pressed')
    await page.getByTestId('invoice-row').waitFor()

    await supplyAcceptedAccounts(e2e.server, page, user.id, phones(2))
    await reopenInvoices(page)
    const create = page.getByTestId('invoices-create')
    await expect.poll(() => create.innerText()).toBe('Request payment 4.00 USDT')
    await create.click()
    await answerPopup(page, null, 'Create Invoice')
    const message = await answerPopup(page, 'Try Again Later')
    expect(message).toMatch(/^You can create one invoice every 1 minute\. Please try again in 1 minute\.$/)
    expect(new URL(page.url()).pathname).toBe('/invoices')
    await context.close()
  })

  it('reads in Persian, right to left', async () => {
    const { page, context, user } = await openWithdraw('fa')
    await supplyAcceptedAccounts(e2e.server, page, user.id, phones(2))
    await page.getByTestId('dashboard-withdraw').click()
    const create = page.getByTestId('invoices-create')
    await expect.poll(() => create.innerText()).toBe('درخواست پرداخت \u20664.00 USDT\u2069')
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    await screenshot(page, 'invoices-ready-fa')
    await create.click()
    await answerPopup(page, null, 'ایجاد فاکتور')
    await page.getByTestId('invoice-detail').waitFor()
    const invoiceUid = new URL(page.url()).pathname.split('/')[2] ?? ''
    await e2e.server.ops('POST', `/invoices/${invoiceUid}/confirm`)
    await sendTelegramEvent(page, 'back_button_pressed')
    await page.getByTestId('invoice-row').first().waitFor()
    await screenshot(page, 'invoices-list-fa')
    await page.getByTestId('invoice-row').first().click()
    await page.getByTestId('invoice-request-payment').waitFor()
    await page.getByRole('heading', { name: '2 اکانت' }).waitFor()
    await screenshot(page, 'invoice-detail-fa')
    await context.close()
  })

  it('looks native on Android in the dark', async () => {
    const { page, context, user, errors } = await openWithdraw('en', { platform: 'android', theme: 'dark' })
    await supplyAcceptedAccounts(e2e.server, page, user.id, phones(1))
    await page.getByTestId('dashboard-withdraw').click()
    const create = page.getByTestId('invoices-create')
    // Android's flat material idiom (ui.css, html.platform-android): buttons in capitals, sections square.
    await expect
      .poll(() => create.evaluate((button) => getComputedStyle(button).textTransform))
      .toBe('uppercase')
    await create.click()
    await answerPopup(page, null, 'Create Invoice')
    await page.getByTestId('invoice-detail').waitFor()
    await page.getByRole('heading', { name: '1 Account(s)' }).waitFor()
    await screenshot(page, 'invoice-detail-android-dark')
    await sendTelegramEvent(page, 'back_button_pressed')
    const rows = page.getByTestId('invoice-row')
    await rows.waitFor()
    await screenshot(page, 'invoices-list-android-dark')
    expect(await rows.count()).toBe(1)
    expect(await rows.innerText()).toMatch(/Pending Confirmation[\s\S]*Not Paid/)
    // The client's dark palette (dev/simulator/theme-params.ts, Android dark): page behind, section, text.
    const look = await rows.evaluate((row) => ({
      platform: document.documentElement.className,
      page: getComputedStyle(document.body).backgroundColor,
      text: getComputedStyle(document.body).color,
      section: getComputedStyle(row.closest('.section__body') ?? row).backgroundColor,
      corners: getComputedStyle(row.closest('.section__body') ?? row).borderRadius,
    }))
    expect(look).toEqual({
      platform: expect.stringContaining('platform-android'),
      page: 'rgb(21, 30, 39)',
      text: 'rgb(255, 255, 255)',
      section: 'rgb(29, 39, 51)',
      corners: '0px',
    })
    expect(errors).toEqual([])
    await context.close()
  })
})
