/**
 * The operator console at a desktop size (docs/console.md): the first admin (made with the bootstrap token, as
 * `npm run ops -- operator create` does) signs in with TOTP and creates an operator on the Operators screen; that
 * operator signs in with the enrolment shown there, confirms a user's invoice and records its payout while the
 * user's mini-app, open on the invoice and then on the payout, shows each change by itself; a viewer sees no action and the server refuses one anyway.
 */
import { screenStartParam } from '@app/contract'
import type { OperatorEnrolment } from '@app/contract/ops'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { totpCode } from '../../apps/server/src/modules/operators/totp.ts'
import { createInvoiceFromHome } from '../support/accounts.ts'
import { answerPopup, openMiniApp, screenshot, sendTelegramEvent } from '../support/browser.ts'
import { userWithAcceptedAccount } from '../support/console.ts'
import { useE2e } from '../support/fixture.ts'

/** A BEP20 payout destination and sender that pass the contract's EIP-55 checksum, and a txid. */
const BSC_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const BSC_SENDER = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'
const BSC_TXID = `0x${'ab12'.repeat(16)}`

const e2e = useE2e({ settings: { validation_delay_seconds: 1, min_payment_limit: '1', payment_open: true } })

async function consolePage(): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await page.goto(`${e2e.server.url}/console/`)
  return page
}

async function signIn(page: Page, login: string, password: string, secret: string) {
  await page.getByLabel('Login').fill(login)
  await page.getByLabel('Password').fill(password)
  await page.getByLabel('Authenticator code').fill(totpCode(secret, new Date()))
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Overview' }).waitFor()
}

describe('operator console', () => {
  // A long walk through two apps (slow on a loaded 2-core machine), so a time limit of its own.
  it('first admin with TOTP creates an operator, who confirms an invoice and records its payout while the user watches', async () => {
    const admin = (await e2e.server.ops('POST', '/operators', {
      login: 'first-admin',
      role: 'admin',
    })) as OperatorEnrolment
    const adminPage = await consolePage()
    await signIn(adminPage, 'first-admin', admin.password, admin.totpSecret)
    await screenshot(adminPage, 'console-overview')

    await adminPage.getByRole('link', { name: 'Operators', exact: true }).click()
    await adminPage.getByLabel('Login', { exact: true }).fill('olga')
    await adminPage.getByRole('button', { name: 'Create operator' }).click()
    const enrolment = adminPage.getByRole('region', { name: 'Enrolment' })
    await enrolment.getByRole('img', { name: /QR code/ }).waitFor()
    await screenshot(adminPage, 'console-enrolment')
    const password = (await adminPage.getByTestId('enrolment-password').textContent()) ?? ''
    const secret = (await adminPage.getByTestId('enrolment-secret').textContent()) ?? ''
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)

    // The admin makes an invite and revokes it (after the browser's confirmation).
    await adminPage.getByRole('link', { name: 'Invites', exact: true }).click()
    await adminPage.getByLabel(/^Code/).fill('CONSOLE-INVITE')
    await adminPage.getByRole('button', { name: 'Create invite' }).click()
    const invite = adminPage.getByRole('row').filter({ hasText: 'CONSOLE-INVITE' })
    await invite.getByText('admits').waitFor()
    adminPage.once('dialog', (dialog) => void dialog.accept())
    await invite.getByRole('button', { name: 'Revoke' }).click()
    await invite.getByText(/^revoked/).waitFor()
    expect(await invite.getByRole('button', { name: 'Revoke' }).count()).toBe(0)
    await screenshot(adminPage, 'console-invites')

    // A user with an accepted account creates an invoice in the mini-app and stays on its screen.
    const user = { id: 884_000_001, firstName: 'Nina', lastName: 'Test', languageCode: 'en' as const }
    const app = await userWithAcceptedAccount(e2e.browser, e2e.server, user, '+12015551700', 'ios')
    const invoiceUid = await createInvoiceFromHome(app)
    const confirmation = app.getByTestId('invoice-confirmation')

    // The operator signs in with the enrolment and confirms it from the queue; the user's open invoice screen
    // turns confirmed by itself, and offers the payment request.
    const operatorPage = await consolePage()
    await signIn(operatorPage, 'olga', password, secret)
    await operatorPage.getByRole('link', { name: 'Invoices', exact: true }).click()
    const row = operatorPage.getByRole('row').filter({ hasText: invoiceUid.slice(0, 8) })
    await row.getByRole('button', { name: 'Confirm', exact: true }).click()
    await operatorPage.getByText('No invoices here.').waitFor()
    await screenshot(operatorPage, 'console-invoices-confirmed')
    await expect.poll(() => confirmation.innerText(), { timeout: 15_000 }).toContain('Confirmed')
    await screenshot(app, 'console-user-invoice-confirmed')

    // The user asks for USDT (BEP20) and waits on the payout's screen.
    await app.getByTestId('invoice-request-payment').click()
    await app.getByTestId('method-usdt').click()
    await app.getByLabel('Wallet address', { exact: true }).fill(BSC_ADDRESS)
    await app.getByTestId('request-payment-crypto-submit').click()
    await answerPopup(app, 'Check the address', 'Send')
    expect(await answerPopup(app, 'Success')).toBe('Invoice payment request accepted')
    await app.getByTestId('invoice-row').first().click()
    await app.getByTestId('invoice-transaction-row').first().click()
    const status = app.getByTestId('transaction-status')
    await status.waitFor()
    expect(await status.innerText()).toContain('Pending')

    // The operator sends it and records the txid from the Payouts queue; the user's screen shows it completed.
    await operatorPage.getByRole('link', { name: 'Transactions', exact: true }).click()
    const payout = operatorPage.getByRole('row').filter({ hasText: BSC_ADDRESS })
    await payout.getByRole('button', { name: 'Broadcast' }).click()
    await operatorPage.getByText(/is broadcasting\.$/).waitFor()
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toContain('Processing')
    // The queue shows pending payouts; the one being sent is under its own status.
    await operatorPage.getByLabel('Status').selectOption('broadcasting')
    await payout.getByRole('button', { name: 'Succeeded…' }).click()
    const record = operatorPage.getByRole('dialog', { name: 'Record the transaction' })
    await record.getByLabel('Transaction id (txid)').fill(BSC_TXID)
    await record.getByLabel(/Sender address/).fill(BSC_SENDER)
    await screenshot(operatorPage, 'console-payout-record')
    await record.getByRole('button', { name: 'Record as paid' }).click()
    await operatorPage.getByText(/^Transaction [0-9a-f]{8} succeeded\.$/).waitFor()
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toContain('Completed')
    expect(await app.getByTestId('transaction-sender').innerText()).toContain(BSC_SENDER)
    await screenshot(app, 'console-user-payout-completed')

    // The bot's 'paid' notification opens the app on this payout (start parameter go_t_...); back leads to its invoice.
    const [, , , , transactionUid = ''] = new URL(app.url()).pathname.split('/')
    const fromBot = await openMiniApp(e2e.browser, e2e.server, {
      user,
      platform: 'android',
      startParam: screenStartParam({ kind: 'transaction', transactionUid }),
    })
    await fromBot.page.getByTestId('transaction-detail').waitFor({ timeout: 15_000 })
    expect(new URL(fromBot.page.url()).pathname).toBe(`/transactions/${transactionUid}`)
    expect(await fromBot.page.getByTestId('transaction-status').innerText()).toContain('Completed')
    await sendTelegramEvent(fromBot.page, 'back_button_pressed')
    await fromBot.page.getByTestId('invoice-detail').waitFor()
    expect(new URL(fromBot.page.url()).pathname).toBe(`/invoices/${invoiceUid}`)
    expect(fromBot.errors).toEqual([])

    const audit = (await e2e.server.ops('GET', `/audit?objectType=invoice&objectId=${invoiceUid}`)) as {
      items: { actor: string; action: string }[]
    }
    expect(audit.items.map((item) => [item.actor, item.action])).toEqual([['olga', 'invoice.confirm']])
    const payoutAudit = (await e2e.server.ops('GET', '/audit?actor=olga&objectType=transaction')) as {
      items: { action: string }[]
    }
    expect(payoutAudit.items.map((item) => item.action).sort()).toEqual([
      'transaction.broadcast',
      'transaction.succeed',
    ])
  }, 150_000)

  it('a viewer sees no actions, and the server refuses them anyway', async () => {
    const viewer = (await e2e.server.ops('POST', '/operators', {
      login: 'vera',
      role: 'viewer',
    })) as OperatorEnrolment
    const page = await consolePage()
    await signIn(page, 'vera', viewer.password, viewer.totpSecret)
    await page.goto(`${e2e.server.url}/console/invoices?status=confirmed`)
    await page.getByRole('cell').first().waitFor()
    expect(await page.getByRole('button', { name: 'Reject' }).count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Operators', exact: true }).count()).toBe(0)
    await screenshot(page, 'console-viewer')
    const status = await page.evaluate(async () => {
      const csrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('ops_csrf='))
        ?.slice('ops_csrf='.length)
      const response = await fetch('/ops/invites', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf ?? '') },
        body: '{}',
      })
      return response.status
    })
    expect(status).toBe(403)

    // The CSRF token's cookie is the console's: the mini-app's pages, on the same origin, cannot read it.
    const readable = () => page.evaluate(() => document.cookie.includes('ops_csrf='))
    expect(await readable()).toBe(true)
    await page.goto(`${e2e.server.url}/`)
    expect(await readable()).toBe(false)
    await page.goto(`${e2e.server.url}/accounts/pending`)
    expect(await readable()).toBe(false)
  })
})
