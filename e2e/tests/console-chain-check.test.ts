/**
 * The chain check through the console (docs/transactions.md, 'Chain check'): a server reading local fakes of TronGrid
 * and a BSC JSON-RPC node; a user's TRX payout and USDT BEP20 payout go from the request to a verified success
 * recorded in the Payouts screen. The TRX one is recorded with one confirmation of 19: it waits as broadcasting
 * ('Waiting 1 of 19 confirmations', counted on the overview) until the background check sees it final; the USDT one
 * is final when recorded. A txid the chain does not know is refused in the dialog, in words. Screenshots at 390 px and
 * at a desktop size, light and dark.
 */
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import {
  type FakeChain,
  playChainCase,
  startFakeBscNode,
  startFakeTronGrid,
} from '../../apps/server/dev/fake-chain/server.ts'
import { callApi } from '../support/accounts.ts'
import { PHONE, screenshot } from '../support/browser.ts'
import { enrolOperator, signInToConsole, userWithAcceptedAccount } from '../support/console.ts'
import { useE2e } from '../support/fixture.ts'
import { recordSecret } from '../support/secrets-recorder.ts'

const TRON_RECEIVER = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
const TRON_SENDER = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'
const BSC_RECEIVER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const BSC_SENDER = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'
const TRX_TXID = 'e2e0'.repeat(16)
const USDT_TXID = `0x${'e2e1'.repeat(16)}`
const TRON_KEY = 'e2e-tron-api-key-0123456789'

let tron: FakeChain
let bsc: FakeChain

const e2e = useE2e({
  env: async () => {
    ;[tron, bsc] = await Promise.all([startFakeTronGrid(), startFakeBscNode()])
    recordSecret('tron api key', TRON_KEY, 'console-chain-check')
    return {
      TRON_API_ROOT: tron.url,
      TRON_API_KEY: TRON_KEY,
      BSC_RPC_URL: bsc.url,
      TRON_PAYOUT_WALLETS: TRON_SENDER,
      BSC_PAYOUT_WALLETS: BSC_SENDER,
      CHAIN_RECHECK_MS: '500',
      CHAIN_API_TIMEOUT_MS: '5000',
    }
  },
  postgres: true,
  settings: { validation_delay_seconds: 1, min_payment_limit: '1', payment_open: true },
})

afterAll(async () => {
  await tron?.close()
  await bsc?.close()
})

/** A confirmed invoice's payout requested by a new user in the mini-app's API: its uid and net. */
async function requestedPayout(
  currency: 'trx' | 'usdt',
  user: { id: number; firstName: string },
  phone: string,
): Promise<{ uid: string; net: number }> {
  const app = await userWithAcceptedAccount(e2e.browser, e2e.server, { ...user, languageCode: 'en' }, phone)
  const { uid: invoiceUid } = (await callApi(app, 'POST', '/invoices/request-invoice')) as { uid: string }
  await e2e.server.ops('POST', `/invoices/${invoiceUid}/confirm`)
  const payout =
    currency === 'trx'
      ? await callApi(app, 'POST', `/invoices/${invoiceUid}/request-payment`, {
          receiverAddress: TRON_RECEIVER,
          currency: 'trx',
        })
      : await callApi(app, 'POST', `/invoices/${invoiceUid}/request-payment-crypto`, {
          receiverAddress: BSC_RECEIVER,
          network: 'BSC',
          token: 'USDT',
        })
  await app.context().close()
  return payout as { uid: string; net: number }
}

/** net on the wire (2 decimals) in the 6-decimal minor units the fakes are told. */
const minor = (net: number) => BigInt(Math.round(net * 100)) * 10_000n

async function record(page: Page, uid: string, txid: string, sender: string, label: string) {
  const row = page
    .locator('tr')
    .filter({ hasText: uid.slice(0, 8) })
    .first()
  await row.getByRole('button', { name: 'Succeeded…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Record the transaction' })
  await dialog.getByLabel('Transaction id (txid)').fill(txid)
  await dialog.getByLabel(/Sender address/).fill(sender)
  await dialog.getByRole('button', { name: 'Record as paid' }).click()
  return { row, dialog, label }
}

describe('the chain check in the console', () => {
  it('a TRX and a USDT BEP20 payout go from request to verified success; a wrong txid is refused in words', async () => {
    const trx = await requestedPayout('trx', { id: 886_000_201, firstName: 'Tara' }, '+12015551950')
    const usdt = await requestedPayout('usdt', { id: 886_000_202, firstName: 'Bahar' }, '+12015551951')
    // The operator sent both: TRX just now (1 confirmation), USDT long enough ago to be final.
    tron.put({
      txid: TRX_TXID,
      from: TRON_SENDER,
      to: TRON_RECEIVER,
      amount: minor(trx.net),
      block: tron.head,
    })
    playChainCase(
      bsc,
      'success',
      { currency: 'usdt', txid: USDT_TXID, sender: BSC_SENDER, receiver: BSC_RECEIVER, net: minor(usdt.net) },
      { confirmations: 15 },
    )

    const olga = await enrolOperator(e2e.server, 'olga', 'operator')
    const context = await e2e.browser.newContext({
      viewport: { width: 1280, height: 860 },
      colorScheme: 'light',
    })
    const page = await context.newPage()
    await signInToConsole(page, e2e.server, olga)
    await page.goto(`${e2e.server.url}/console/transactions?status=all`)
    await page.getByRole('heading', { name: 'Transactions' }).waitFor()

    // A txid the chain does not know: refused, the payout stays pending, the check says why.
    const wrong = await record(page, trx.uid, 'f'.repeat(64), TRON_SENDER, 'unknown')
    await wrong.dialog.getByRole('alert').waitFor()
    expect(await wrong.dialog.getByRole('alert').innerText()).toBe(
      `Transaction not found on TRON: expected transaction ${'f'.repeat(64)}, found none`,
    )
    await screenshot(page, 'console-chain-refused-dialog')
    await wrong.dialog.getByRole('button', { name: 'Cancel' }).click()

    // TRX with 1 of 19 confirmations: broadcasting, waiting, counted on the overview.
    const trxRecorded = await record(page, trx.uid, TRX_TXID, TRON_SENDER, 'trx')
    await page
      .getByText(
        `Transaction ${trx.uid.slice(0, 8)} is recorded and waits for 1 of 19 confirmations: it succeeds once final.`,
      )
      .waitFor()
    const trxCheck = trxRecorded.row.getByTestId('chain-check')
    expect(await trxCheck.innerText()).toContain('Waiting 1 of 19 confirmations')
    expect(await trxCheck.getByRole('link').getAttribute('href')).toBe(
      `https://tronscan.org/#/transaction/${TRX_TXID}`,
    )
    await page.getByRole('link', { name: 'Overview', exact: true }).click()
    const waitingTile = page.getByRole('link', { name: /Transactions waiting for confirmations/ })
    expect(await waitingTile.innerText()).toContain('1')
    await screenshot(page, 'console-chain-overview-waiting')
    await page.goto(`${e2e.server.url}/console/transactions?status=all`)

    // USDT, final when recorded: success, verified at once.
    const usdtRecorded = await record(page, usdt.uid, USDT_TXID, BSC_SENDER, 'usdt')
    await page.getByText(`Transaction ${usdt.uid.slice(0, 8)} succeeded.`).waitFor()
    expect(await usdtRecorded.row.getByTestId('chain-check').innerText()).toContain(
      'Verified 15 of 15 confirmations',
    )
    await screenshot(page, 'console-chain-desktop-light')

    // The TRON chain moves on: the background check records the TRX payout paid by itself.
    tron.head += 19n
    await expect
      .poll(
        async () => {
          await page.reload()
          await page.getByRole('heading', { name: 'Transactions' }).waitFor()
          const row = page
            .locator('tr')
            .filter({ hasText: trx.uid.slice(0, 8) })
            .first()
          return row.getByTestId('chain-check').innerText()
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toContain('Verified 20 of 19 confirmations')
    const trxRow = page
      .locator('tr')
      .filter({ hasText: trx.uid.slice(0, 8) })
      .first()
    expect(await trxRow.locator('.badge.success').first().innerText()).toBe('success')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'console-chain-desktop-dark')

    // The detail, and the same on a phone, light and dark.
    await trxRow.getByRole('button', { name: 'Details' }).click()
    const detail = page.getByRole('region', { name: `Transaction ${trx.uid.slice(0, 8)}` })
    expect(await detail.getByTestId('chain-check').innerText()).toContain('Verified 20 of 19 confirmations')
    const phone = await e2e.browser.newContext({
      ...PHONE,
      colorScheme: 'light',
    })
    const phonePage = await phone.newPage()
    await phonePage.context().addCookies(await context.cookies())
    await phonePage.goto(`${e2e.server.url}/console/transactions?status=all&transaction=${trx.uid}`)
    await phonePage.getByRole('region', { name: `Transaction ${trx.uid.slice(0, 8)}` }).waitFor()
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await screenshot(phonePage, 'console-chain-phone-light')
    await phonePage
      .getByRole('region', { name: `Transaction ${trx.uid.slice(0, 8)}` })
      .scrollIntoViewIfNeeded()
    await screenshot(phonePage, 'console-chain-phone-detail-light')
    await phonePage.emulateMedia({ colorScheme: 'dark' })
    await phonePage.reload()
    await phonePage.getByRole('region', { name: `Transaction ${trx.uid.slice(0, 8)}` }).waitFor()
    await screenshot(phonePage, 'console-chain-phone-dark')
    await phonePage
      .getByRole('region', { name: `Transaction ${trx.uid.slice(0, 8)}` })
      .scrollIntoViewIfNeeded()
    await screenshot(phonePage, 'console-chain-phone-detail-dark')
    await phone.close()
    await context.close()
  }, 240_000)
})
