/**
 * Four eyes and API tokens in the operator console, in Chromium at a desktop size (docs/console.md, 'Four eyes'):
 * a payout above the approval amount is refused to the operator who approved it and to the bootstrap token, and
 * sent by a second named operator; the Operators screen shows each API token's end and last use and when a new
 * operator's approvals count; a raised amount waits under the value in force on the Settings screen, then applies;
 * "log out everywhere" ends the operator's API token. The server's four-eyes delay is a few seconds here
 * (FOUR_EYES_DELAY_SECONDS), so that it can be waited out.
 */
import type { OperatorEnrolment } from '@app/contract/ops'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { callApi } from '../support/accounts.ts'
import { screenshot } from '../support/browser.ts'
import { enrolOperator, fourEyes, signInToConsole, userWithAcceptedAccount } from '../support/console.ts'
import { useE2e } from '../support/fixture.ts'

const DELAY_SECONDS = 4
const BSC_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

const e2e = useE2e(fourEyes(DELAY_SECONDS))

const pause = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000))

/** A console page signed in as the enrolled operator. */
async function signedIn(enrolment: OperatorEnrolment): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await signInToConsole(page, e2e.server, enrolment)
  return page
}

const enrol = (login: string, role: 'operator' | 'admin') => enrolOperator(e2e.server, login, role)

/** A call with a personal API token, as the CLI makes it: the answer's status. */
const withToken = async (token: string, path: string) =>
  (await fetch(`${e2e.server.url}/ops${path}`, { headers: { authorization: `Bearer ${token}` } })).status

describe('four eyes in the console', () => {
  it('one operator approves, another sends; tokens show their use and end with log out everywhere; a raised amount waits', async () => {
    const [ada, olga, otto] = await Promise.all([
      enrol('ada', 'admin'),
      enrol('olga', 'operator'),
      enrol('otto', 'operator'),
    ])
    const { token } = (await e2e.server.ops('POST', '/operators/olga/token')) as { token: string }
    expect(await withToken(token, '/overview')).toBe(200)

    // A user's payout of more than the approval amount, pending.
    const user = { id: 884_000_101, firstName: 'Omid', languageCode: 'en' as const }
    const app = await userWithAcceptedAccount(e2e.browser, e2e.server, user, '+12015551801')
    const { uid: invoiceUid } = (await callApi(app, 'POST', '/invoices/request-invoice')) as { uid: string }
    await e2e.server.ops('POST', `/invoices/${invoiceUid}/confirm`)
    const payout = (await callApi(app, 'POST', `/invoices/${invoiceUid}/request-payment-crypto`, {
      receiverAddress: BSC_ADDRESS,
      network: 'BSC',
      token: 'USDT',
    })) as { uid: string }
    // The new operators' signatures count after the delay.
    await pause(DELAY_SECONDS + 0.5)

    // The admin creates one more operator: the Operators screen shows when a signature of theirs counts, and the
    // token's end and last use.
    const admin = await signedIn(ada)
    await admin.getByRole('link', { name: 'Operators', exact: true }).click()
    await admin.getByLabel('Login', { exact: true }).fill('nina')
    await admin.getByRole('button', { name: 'Create operator' }).click()
    await admin.getByRole('region', { name: 'Enrolment' }).waitFor()
    await admin.getByRole('button', { name: 'Done, hide it' }).click()
    const nina = admin.getByRole('row').filter({ hasText: 'nina' })
    await expect.poll(() => nina.innerText()).toMatch(/\bfrom \d/)
    const olgaRow = admin.getByRole('row').filter({ hasText: 'olga' })
    expect(await olgaRow.innerText()).toMatch(/until .*last used .*\byes\b/s)
    expect(await admin.getByRole('row').filter({ hasText: 'otto' }).innerText()).not.toMatch(/until/)
    await screenshot(admin, 'console-operators-tokens')

    // Olga approves; her own approval does not let her send it (the console says so before the server would), and
    // the bootstrap token may not either.
    const olgaPage = await signedIn(olga)
    await olgaPage.getByRole('link', { name: 'Transactions', exact: true }).click()
    const row = olgaPage.getByRole('row').filter({ hasText: BSC_ADDRESS })
    const broadcast = row.getByRole('button', { name: 'Broadcast' })
    await broadcast.waitFor()
    expect(await broadcast.isDisabled()).toBe(true)
    await row.getByText(/it needs another operator’s approval before you send it/).waitFor()
    await row.getByRole('button', { name: 'Approve' }).click()
    await olgaPage.getByText('Approved by olga. Another named operator may now send it.').waitFor()
    await expect.poll(() => row.getByTestId('four-eyes').innerText()).toMatch(/^Approved by olga \d/)
    await row
      .getByText('Your own approval does not count for you: another operator sends it on your approval.')
      .waitFor()
    expect(await broadcast.isDisabled()).toBe(true)
    expect(await row.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true)
    await screenshot(olgaPage, 'console-payout-four-eyes-refused')
    await expect(e2e.server.ops('POST', `/transactions/${payout.uid}/broadcast`)).rejects.toThrow(
      /409 .*not the bootstrap token/,
    )

    // Otto sends it on Olga's approval.
    const ottoPage = await signedIn(otto)
    await ottoPage.getByRole('link', { name: 'Transactions', exact: true }).click()
    await ottoPage
      .getByRole('row')
      .filter({ hasText: BSC_ADDRESS })
      .getByRole('button', { name: 'Broadcast' })
      .click()
    await ottoPage.getByText(/is broadcasting\.$/).waitFor()
    await screenshot(ottoPage, 'console-payout-second-operator-sent')

    // Log out everywhere ends Olga's API token with her sessions.
    await olgaPage.getByRole('button', { name: 'Log out everywhere' }).click()
    await olgaPage.getByRole('button', { name: 'Sign in' }).waitFor()
    expect(await withToken(token, '/overview')).toBe(401)

    // The admin raises the amount: it waits under the value in force, then applies.
    await admin.getByRole('link', { name: 'Settings', exact: true }).click()
    const setting = admin.getByRole('row').filter({ hasText: 'payout_approval_above' })
    await setting.getByRole('button', { name: 'Change' }).click()
    await admin.getByLabel('payout_approval_above').fill('1000')
    await admin.getByRole('button', { name: 'Save' }).click()
    await admin.getByText(/payout_approval_above stays 0.5 USDT until .*so it waits/).waitFor()
    const waiting = admin.getByTestId('pending-payout_approval_above')
    expect(await waiting.innerText()).toMatch(/^becomes 1,000 USDT at .* \(asked by ada\)$/)
    expect(await setting.getByTestId('setting-value').innerText()).toBe('0.5 USDT')
    await setting.scrollIntoViewIfNeeded()
    await screenshot(admin, 'console-settings-waiting')
    await pause(DELAY_SECONDS)
    await admin.reload()
    await admin.getByRole('heading', { name: 'Settings and limits' }).waitFor()
    await expect.poll(() => setting.getByTestId('setting-value').innerText()).toBe('1,000 USDT')
    expect(await admin.getByTestId('pending-payout_approval_above').count()).toBe(0)
  }, 150_000)

  it('a rate change beyond the step waits for a second admin, who approves it before it lapses', async () => {
    const [ana, benEnrolment] = await Promise.all([enrol('rate-ana', 'admin'), enrol('rate-ben', 'admin')])
    await pause(DELAY_SECONDS + 0.5)
    await e2e.server.ops('PUT', '/rates/USDTTRX', { price: '3.5' })
    const { token } = (await e2e.server.ops('POST', `/operators/${ana.operator.login}/token`)) as {
      token: string
    }
    const proposed = await fetch(`${e2e.server.url}/ops/rates/USDTTRX`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ price: '5' }),
    })
    expect(proposed.status).toBe(200)

    const ben = await signedIn(benEnrolment)
    await ben.goto(`${e2e.server.url}/console/rates?pair=USDTTRX`)
    const waiting = ben.getByRole('region', { name: 'Waiting for approval' })
    expect(await waiting.innerText()).toMatch(
      /5 \(\+42\.85% from 3\.5\), proposed by rate-ana .*\. Approve by /,
    )
    await screenshot(ben, 'console-rate-waiting')
    await waiting.getByRole('button', { name: 'Approve 5' }).click()
    await expect.poll(() => waiting.count()).toBe(0)
    expect((await e2e.server.ops('GET', '/rates/USDTTRX?limit=1')) as { price: string }[]).toMatchObject([
      { price: '5' },
    ])
  }, 90_000)
})
