/**
 * The operator console at a desktop size (docs/console.md): the first admin (made with the bootstrap token, as
 * `npm run ops -- operator create` does) signs in with TOTP and creates an operator on the Operators screen; that
 * operator signs in with the enrolment shown there and confirms a user's invoice, which the user's mini-app then
 * shows as confirmed; a viewer sees no action and the server refuses one anyway.
 */
import type { OperatorEnrolment } from '@app/contract/ops'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '../../apps/server/src/modules/demo/demo-data.ts'
import { totpCode } from '../../apps/server/src/modules/operators/totp.ts'
import { callApi, supplyAcceptedAccounts } from '../support/accounts.ts'
import { launchBrowser, openMiniApp, screenshot } from '../support/browser.ts'
import { type RunningServer, startServer } from '../support/server.ts'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
  await server.ops('PUT', '/settings/validation_delay_seconds', { value: 1 })
  await server.ops('PUT', '/settings/min_payment_limit', { value: '1' })
  await server.ops('PUT', '/settings/payment_open', { value: true })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function consolePage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await page.goto(`${server.url}/console/`)
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
  it('first admin with TOTP creates an operator, who confirms an invoice the user then sees confirmed', async () => {
    const admin = (await server.ops('POST', '/operators', {
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

    // A user with an accepted account asks for an invoice in the mini-app.
    const user = { id: 884_000_001, firstName: 'Nina', lastName: 'Test', languageCode: 'en' as const }
    const { page: app } = await openMiniApp(browser, server, {
      user,
      platform: 'ios',
      startParam: DEMO_REFERRAL_CODE,
    })
    await app.getByTestId('dashboard-withdraw').waitFor({ timeout: 15_000 })
    await supplyAcceptedAccounts(server, app, user.id, ['+12015551700'])
    const invoice = (await callApi(app, 'POST', '/invoices/request-invoice')) as { uid: string }

    // The operator signs in with the enrolment and confirms it from the queue.
    const operatorPage = await consolePage()
    await signIn(operatorPage, 'olga', password, secret)
    await operatorPage.getByRole('link', { name: 'Invoices', exact: true }).click()
    const row = operatorPage.getByRole('row').filter({ hasText: invoice.uid.slice(0, 8) })
    await row.getByRole('button', { name: 'Confirm', exact: true }).click()
    await operatorPage.getByText('No invoices here.').waitFor()
    await screenshot(operatorPage, 'console-invoices-confirmed')

    const detail = (await callApi(app, 'GET', `/invoices/${invoice.uid}`)) as { confirmationStatus: string }
    expect(detail.confirmationStatus).toBe('confirmed')
    const audit = (await server.ops('GET', `/audit?objectType=invoice&objectId=${invoice.uid}`)) as {
      items: { actor: string; action: string }[]
    }
    expect(audit.items.map((item) => [item.actor, item.action])).toEqual([['olga', 'invoice.confirm']])
  })

  it('a viewer sees no actions, and the server refuses them anyway', async () => {
    const viewer = (await server.ops('POST', '/operators', {
      login: 'vera',
      role: 'viewer',
    })) as OperatorEnrolment
    const page = await consolePage()
    await signIn(page, 'vera', viewer.password, viewer.totpSecret)
    await page.goto(`${server.url}/console/invoices?status=confirmed`)
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
  })
})
