import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '../../apps/server/dev/demo/demo-data.ts'
import { callApi, supplyAcceptedAccounts } from '../support/accounts.ts'
import {
  answerPopup,
  openMiniApp,
  screenshot,
  sendTelegramEvent,
  telegramEvents,
} from '../support/browser.ts'
import { PAYMENTS_OPEN, useE2e } from '../support/fixture.ts'

let nextTelegramId = 883_000_001
let nextPhone = 12_015_551_400

/** Payout destinations that pass the contract's checksums (BSC EIP-55, card Luhn, IBAN mod 97). */
const BSC_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const BSC_SENDER = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'
const BSC_TXID = `0x${'ab12'.repeat(16)}`
const CARD = '6037991234567893'
const IBAN_DIGITS = '050170000000123456789012'

/** Latin digits as a Persian keyboard types them. */
const persianDigits = (value: string) =>
  value.replace(/\d/g, (digit) => String.fromCharCode(0x06f0 + Number(digit)))

const e2e = useE2e(PAYMENTS_OPEN)

/** A user with an accepted account creates an invoice, an operator confirms it: the method selection. */
async function invoiceReadyForPayout(user: { id: number; firstName: string; languageCode: 'en' | 'fa' }) {
  const opened = await openMiniApp(e2e.browser, e2e.server, {
    user: { ...user, lastName: 'Test' },
    platform: 'ios',
    startParam: DEMO_REFERRAL_CODE,
  })
  const { page } = opened
  await page.getByTestId('dashboard-withdraw').waitFor({ timeout: 15_000 })
  // The demo channel is not joined: its prompt comes first; close it as a user would.
  await answerPopup(page, null)
  await supplyAcceptedAccounts(e2e.server, page, user.id, [`+${nextPhone++}`])

  await page.getByTestId('dashboard-withdraw').click()
  const create = page.getByTestId('invoices-create')
  await expect.poll(() => create.isEnabled(), { timeout: 15_000 }).toBe(true)
  await create.click()
  await answerPopup(page, null, user.languageCode === 'fa' ? 'ایجاد فاکتور' : 'Create Invoice')
  await page.getByTestId('invoice-detail').waitFor()
  const invoiceUid = new URL(page.url()).pathname.split('/')[2] ?? ''
  await e2e.server.ops('POST', `/invoices/${invoiceUid}/confirm`)

  // Back to the list and in again: the invoice is read afresh, confirmed, with its Request Payment button.
  await sendTelegramEvent(page, 'back_button_pressed')
  await page.getByTestId('invoice-row').first().click()
  await page.getByTestId('invoice-request-payment').click()
  await page.getByTestId('select-method').waitFor()
  expect(new URL(page.url()).pathname).toBe(`/invoices/${invoiceUid}/select-method`)
  return { ...opened, invoiceUid }
}

/** The invoice's one transaction, opened from the invoice detail. */
async function openTransaction(page: Page, invoiceUid: string): Promise<string> {
  await page.getByTestId('invoice-row').first().click()
  await page.getByTestId('invoice-transaction-row').first().click()
  await page.getByTestId('transaction-detail').waitFor()
  const path = new URL(page.url()).pathname
  expect(path).toMatch(new RegExp(`^/invoices/${invoiceUid}/transactions/[0-9a-f-]{36}$`))
  return path.split('/').pop() ?? ''
}

describe('withdrawals', () => {
  it('pays an invoice in USDT BEP20: request, operator payout, Completed with the BscScan link', async () => {
    const user = { id: nextTelegramId++, firstName: 'Payee', languageCode: 'en' as const }
    const { page, context, errors, invoiceUid } = await invoiceReadyForPayout(user)
    await screenshot(page, 'payout-methods')

    await page.getByTestId('method-usdt').click()
    await page.getByTestId('request-payment-crypto').waitFor()
    expect(await page.getByTestId('usdt-fee').innerText()).toBe('A fee of 0.3 USDT is charged per payment')
    await screenshot(page, 'payout-usdt-empty')

    const address = page.getByLabel('Wallet address', { exact: true })
    await page.getByTestId('request-payment-crypto-submit').click()
    await page.getByText('Wallet address is required').waitFor()
    await address.fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')
    await page.getByTestId('request-payment-crypto-submit').click()
    await page.getByText('Invalid BSC (BEP20) address').waitFor()
    await screenshot(page, 'payout-usdt-error')

    await address.fill(BSC_ADDRESS)
    await screenshot(page, 'payout-usdt-filled')
    await page.getByTestId('request-payment-crypto-submit').click()
    expect(await answerPopup(page, 'Success')).toBe('Invoice payment request accepted')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/invoices')

    const transactionUid = await openTransaction(page, invoiceUid)
    expect(await page.getByTestId('transaction-status').innerText()).toContain('Pending')
    expect(await page.getByTestId('transaction-pending-note').innerText()).toBe(
      'Transaction may take up to 5 minutes to complete.',
    )
    expect(await page.getByTestId('transaction-fee').innerText()).toBe('-0.30 USDT Fee')
    expect(await page.getByTestId('transaction-receiver').innerText()).toContain(BSC_ADDRESS)
    await screenshot(page, 'transaction-usdt-pending')

    await e2e.server.ops('POST', `/transactions/${transactionUid}/succeed`, {
      txid: BSC_TXID,
      senderAddress: BSC_SENDER,
    })
    await page.reload()
    await page.getByTestId('transaction-detail').waitFor()
    expect(await page.getByTestId('transaction-status').innerText()).toContain('Completed')
    expect(await page.getByTestId('transaction-pending-note').count()).toBe(0)
    expect(await page.getByTestId('transaction-paid').count()).toBe(1)
    expect(await page.getByTestId('transaction-sender').innerText()).toContain(BSC_SENDER)
    const explorer = page.getByTestId('transaction-explorer')
    expect(await explorer.getAttribute('href')).toBe(`https://bscscan.com/tx/${BSC_TXID}`)
    await screenshot(page, 'transaction-usdt-completed')

    // Telegram opens the explorer in the browser: the app asks it to, and does not navigate away.
    await explorer.click()
    await expect
      .poll(async () => (await telegramEvents(page)).filter((event) => event.type === 'web_app_open_link'))
      .toEqual([{ type: 'web_app_open_link', data: { url: `https://bscscan.com/tx/${BSC_TXID}` } }])
    expect(new URL(page.url()).pathname).toBe(`/invoices/${invoiceUid}/transactions/${transactionUid}`)
    expect(errors).toEqual([])
    await context.close()
  })

  it('pays an invoice in toman for a Persian user, right to left, to the transaction', async () => {
    const user = { id: nextTelegramId++, firstName: 'Reza', languageCode: 'fa' as const }
    const { page, context, errors, invoiceUid } = await invoiceReadyForPayout(user)
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    await screenshot(page, 'payout-methods-fa')

    await page.getByTestId('method-irt').click()
    const form = page.getByTestId('request-payment-irt')
    await form.waitFor()
    expect(await form.evaluate((element) => element.closest('[dir]')?.getAttribute('dir'))).toBe('rtl')
    expect(await page.getByTestId('exchange-rate').innerText()).toBe('1 دلار = 98,500 تومان')
    await screenshot(page, 'payout-irt-empty-fa')

    await page.getByTestId('request-payment-irt-submit').click()
    await page.getByText('شماره شبا نامعتبر است').waitFor()
    // Empty name and family say they are required; the card number keeps the spec's message (issue 38).
    expect(await page.getByText('نام الزامی است', { exact: true }).count()).toBe(1)
    expect(await page.getByText('نام خانوادگی الزامی است', { exact: true }).count()).toBe(1)
    expect(await page.getByText('شماره کارت نامعتبر است').count()).toBe(1)
    await screenshot(page, 'payout-irt-errors-fa')

    await page.getByLabel('نام', { exact: true }).fill('رضا')
    await page.getByLabel('نام خانوادگی', { exact: true }).fill('کریمی')
    await page.getByLabel('شماره کارت', { exact: true }).fill(persianDigits(CARD))
    await page.getByLabel('شماره شبا', { exact: true }).fill(persianDigits(IBAN_DIGITS))
    await screenshot(page, 'payout-irt-filled-fa')
    await page.getByTestId('request-payment-irt-submit').click()
    expect(await answerPopup(page, 'موفق')).toBe('درخواست پرداخت موفقانه ثبت شد')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/invoices')

    const transactionUid = await openTransaction(page, invoiceUid)
    expect(await page.getByTestId('transaction-receiver').innerText()).toContain(`IR${IBAN_DIGITS}`)
    expect(await page.getByTestId('transaction-rate').innerText()).toBe('1 USDT = 98,500 تومان')
    expect(await page.getByTestId('transaction-pending-note').count()).toBe(0)
    expect(await page.getByTestId('transaction-explorer').count()).toBe(0)
    await screenshot(page, 'transaction-irt-pending-fa')

    await e2e.server.ops('POST', `/transactions/${transactionUid}/succeed`, { txid: 'SATNA-140312-0001' })
    await page.reload()
    await page.getByTestId('transaction-detail').waitFor()
    expect(await page.getByTestId('transaction-status').innerText()).toContain('تکمیل‌شده')
    expect(await page.getByTestId('transaction-paid').count()).toBe(1)
    await screenshot(page, 'transaction-irt-completed-fa')

    // The saved card comes back on the next toman request.
    const cards = (await callApi(page, 'GET', '/bank-cards?size=24')) as {
      items: { number: string; iban: string }[]
    }
    expect(cards.items).toEqual([expect.objectContaining({ number: CARD, iban: `IR${IBAN_DIGITS}` })])
    expect(errors).toEqual([])
    await context.close()
  })
})
