/**
 * Who reaches support (issue 40, docs/support.md), on PostgreSQL when TEST_DATABASE_URL is set: a blocked user's
 * screen offers Contact support, and with Telegram's init data the user writes to it and reads it, and nothing else;
 * a viewer reads the inbox but has no reply box, and the reply call itself is refused.
 */
import { describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '../../apps/server/dev/demo/demo-data.ts'
import { answerPopup, openMiniApp, screenshot } from '../support/browser.ts'
import { enrolOperator, signInToConsole } from '../support/console.ts'
import { useE2e } from '../support/fixture.ts'

const e2e = useE2e({ postgres: true })

const BLOCKED = { id: 886_000_001, firstName: 'Blocked', lastName: 'Supplier', languageCode: 'en' as const }

async function openConsole(role: 'viewer' | 'operator' | 'admin', login: string) {
  const enrolment = await enrolOperator(e2e.server, login, role)
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await signInToConsole(page, e2e.server, enrolment)
  return page
}

describe('who reaches support', () => {
  it('a blocked user reaches support from the blocked screen, and nothing else', async () => {
    const first = await openMiniApp(e2e.browser, e2e.server, {
      user: BLOCKED,
      platform: 'android',
      startParam: DEMO_REFERRAL_CODE,
    })
    await first.page.getByTestId('dashboard-accounts').waitFor({ timeout: 20_000 })
    await answerPopup(first.page, null)
    await first.context.close()
    await e2e.server.ops('POST', `/users/${BLOCKED.id}/block`, { reason: 'e2e: support for the blocked' })

    const { page, errors } = await openMiniApp(e2e.browser, e2e.server, {
      user: BLOCKED,
      platform: 'android',
    })
    const blocked = page.getByRole('alert')
    await blocked.getByText('Access blocked').waitFor({ timeout: 20_000 })
    await screenshot(page, 'support-e2e-blocked-en-light')
    const authorizations: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/support/'))
        authorizations.push(request.headers().authorization ?? '')
    })
    await page.getByTestId('blocked-support').click()
    await page.getByTestId('support').waitFor()
    expect(await page.getByTestId('support-context').innerText()).toContain('USER_BLOCKED')
    await page.getByTestId('support-text').fill('Why was I blocked?')
    await page.getByTestId('support-send').click()
    await expect.poll(() => page.getByTestId('support-message').last().innerText()).toContain('Sent')
    expect(authorizations.length).toBeGreaterThan(0)
    expect(authorizations.every((value) => value.startsWith('tma '))).toBe(true)

    // Nothing else: the same init data opens no other call, and sign-in still says blocked.
    const tma = authorizations[0] ?? ''
    const others = await page.evaluate(async (authorization) => {
      const statusOf = async (method: string, path: string) =>
        (await fetch(path, { method, headers: { authorization } })).status
      return {
        dashboard: await statusOf('GET', '/dashboard'),
        accounts: await statusOf('GET', '/accounts'),
        invoices: await statusOf('GET', '/invoices'),
      }
    }, tma)
    expect(others).toEqual({ dashboard: 401, accounts: 401, invoices: 401 })
    const authorize = await fetch(`${e2e.server.url}/auth/telegram/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ initData: tma.slice('tma '.length) }),
    })
    expect(authorize.status).toBe(403)

    const console = await openConsole('operator', 'blocked-op')
    await console.goto(`${e2e.server.url}/console/support`)
    const row = console.getByTestId('support-thread-row').filter({ hasText: 'Blocked Supplier' })
    await row.waitFor({ timeout: 20_000 })
    expect(await row.innerText()).toContain('blocked')
    await row.getByRole('link').click()
    const context = await console.locator('.support-context').first().innerText()
    expect(context).toContain('error USER_BLOCKED')
    expect(errors).toEqual([])
  })

  it('a viewer reads a thread but is refused a reply, in the console and by the call', async () => {
    const user = await openMiniApp(e2e.browser, e2e.server, {
      user: { id: 886_000_002, firstName: 'Viewed', lastName: 'Supplier', languageCode: 'en' },
      platform: 'android',
      startParam: DEMO_REFERRAL_CODE,
    })
    await user.page.getByTestId('dashboard-support').waitFor({ timeout: 20_000 })
    await answerPopup(user.page, null)
    await user.page.getByTestId('dashboard-support').click()
    await user.page.getByTestId('support-text').fill('Hello, is anyone there?')
    await user.page.getByTestId('support-send').click()
    await expect.poll(() => user.page.getByTestId('support-message').last().innerText()).toContain('Sent')

    const page = await openConsole('viewer', 'support-viewer')
    await page.goto(`${e2e.server.url}/console/support`)
    const row = page.getByTestId('support-thread-row').filter({ hasText: 'Viewed Supplier' })
    await row.waitFor({ timeout: 20_000 })
    await row.getByRole('link').click()
    await page.getByTestId('support-msg').first().waitFor()
    expect(await page.getByTestId('support-msg').first().innerText()).toContain('Hello, is anyone there?')
    await page.getByText('Viewers read; operators and admins reply.').waitFor()
    expect(await page.getByLabel('Reply', { exact: true }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Close' }).count()).toBe(0)
    expect(await page.getByLabel('Assign to').count()).toBe(0)
    await screenshot(page, 'support-e2e-console-viewer-1280')

    const uid = new URL(page.url()).pathname.split('/').at(-1) ?? ''
    const refused = await page.evaluate(async (threadUid) => {
      const csrf = document.cookie
        .split('; ')
        .find((part) => part.startsWith('ops_csrf='))
        ?.slice('ops_csrf='.length)
      const response = await fetch(`/ops/support/threads/${threadUid}/replies`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-csrf-token': decodeURIComponent(csrf ?? ''),
        },
        body: JSON.stringify({ text: 'a viewer writes' }),
      })
      return { status: response.status, body: (await response.json()) as { code?: string } }
    }, uid)
    expect(refused.status).toBe(403)
    // Nothing reached the user.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(await user.page.getByTestId('support-message').count()).toBe(1)
  })
})
