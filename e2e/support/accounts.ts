/** Supplying accepted accounts the way the mini-app does it: the submission API with the page's own token. */
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { SANDBOX_LOGIN_CODE } from '../../apps/server/src/providers/sandbox/scenarios.ts'
import { answerPopup } from './browser.ts'
import type { RunningServer } from './server.ts'

/** Calls the API from the page with the app's own token, as the mini-app would. */
export async function callApi(page: Page, method: string, path: string, body?: unknown): Promise<unknown> {
  return page.evaluate(
    async ([m, p, b]) => {
      const { accessToken } = JSON.parse(localStorage.getItem('app.auth') ?? '{}') as { accessToken?: string }
      const response = await fetch(p, {
        method: m,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${accessToken}`,
          ...(b === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(b === undefined ? {} : { body: JSON.stringify(b) }),
      })
      const text = await response.text()
      if (!response.ok) throw new Error(`${m} ${p}: ${response.status} ${text}`)
      return text ? (JSON.parse(text) as unknown) : undefined
    },
    [method, path, body] as const,
  )
}

/**
 * Submits `phones.length` ordinary sandbox accounts and waits until they are accepted (the operator's
 * validation delay must be short). Counts only these: earlier accounts may already sit on an invoice.
 */
export async function supplyAcceptedAccounts(
  server: Pick<RunningServer, 'ops'>,
  page: Page,
  telegramId: number,
  phones: string[],
): Promise<void> {
  const acceptedNow = async () => {
    const listed = JSON.stringify(await server.ops('GET', `/users/${telegramId}/accounts`))
    return listed.split('"status":"accepted"').length - 1
  }
  const before = await acceptedNow()
  for (const phone of phones) {
    await callApi(page, 'POST', '/telegram/submit-account-phone', { phone, submitType: 'login' })
    await callApi(page, 'POST', '/telegram/submit-account-code', { code: SANDBOX_LOGIN_CODE })
    await callApi(page, 'POST', '/telegram/submit-account')
  }
  // Every quarter second: the operator API's rate limit counts each look.
  await expect
    .poll(acceptedNow, { timeout: 30_000, interval: 250 })
    .toBeGreaterThanOrEqual(before + phones.length)
}

/**
 * From home, as the user would: Withdraw, Create Invoice (once the accepted accounts allow it), confirm the native
 * popup. Ends on the new invoice's screen, pending; answers its uid.
 */
export async function createInvoiceFromHome(app: Page): Promise<string> {
  await app.getByTestId('dashboard-withdraw').click()
  const create = app.getByTestId('invoices-create')
  await expect.poll(() => create.isEnabled(), { timeout: 15_000 }).toBe(true)
  await create.click()
  await answerPopup(app, null, 'Create Invoice')
  await app.getByTestId('invoice-detail').waitFor()
  expect(await app.getByTestId('invoice-confirmation').innerText()).toContain('Pending')
  return new URL(app.url()).pathname.split('/')[2] ?? ''
}
