import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '../../apps/server/dev/demo/demo-data.ts'
import {
  SANDBOX_EMAIL_CODE,
  SANDBOX_GOOD_EMAIL,
  SANDBOX_LOGIN_CODE,
  SANDBOX_PASSWORD,
} from '../../apps/server/src/providers/sandbox/scenarios.ts'
import { callApi } from '../support/accounts.ts'
import { answerPopup, openMiniApp, screenshot } from '../support/browser.ts'
import { useE2e } from '../support/fixture.ts'

let nextTelegramId = 881_000_001

// On PostgreSQL when TEST_DATABASE_URL is set: the secrets scan after the run dumps that database too.
const e2e = useE2e({ postgres: true })

/** A new user arrives by the demo referral link and opens Send Accounts. */
async function openAccounts(languageCode = 'en') {
  const user = { id: nextTelegramId++, firstName: 'Supplier', lastName: 'Test', languageCode }
  const opened = await openMiniApp(e2e.browser, e2e.server, {
    user,
    platform: 'ios',
    startParam: DEMO_REFERRAL_CODE,
  })
  const { page } = opened
  await page.getByTestId('dashboard-accounts').waitFor({ timeout: 15_000 })
  // The demo channel is not joined: its prompt is the first popup; close it as a user would.
  await answerPopup(page, null)
  await page.getByTestId('dashboard-accounts').click()
  await page.getByRole('tab', { name: /Pending|در انتظار/ }).waitFor()
  return { ...opened, user }
}

/**
 * iOS starts a large title at the grouped sections' edge (issue 14): the accounts title, search box and tabs share
 * one starting edge, the left one, or the right one in Persian.
 */
async function expectOneStartingEdge(page: Page) {
  const rtl = (await page.evaluate(() => document.documentElement.dir)) === 'rtl'
  const edges: number[] = []
  for (const part of [
    page.getByRole('heading', { level: 1 }),
    page.getByTestId('accounts-search'),
    page.getByRole('tablist'),
  ]) {
    const box = await part.boundingBox()
    if (!box) throw new Error('not on screen')
    edges.push(Math.round(rtl ? box.x + box.width : box.x))
  }
  expect(new Set(edges).size, `starting edges ${edges.join(', ')}`).toBe(1)
  // The sections' inset on iOS, not the screen's edge.
  expect(edges[0]).toBe(rtl ? 390 - 16 : 16)
}

async function fill(page: Page, label: string, value: string, submitTestId: string) {
  await page.getByLabel(label, { exact: true }).fill(value)
  await page.getByTestId(submitTestId).click()
}

async function expectAccountListed(page: Page, phoneDigits: string) {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/accounts/pending')
  await expect
    .poll(async () => (await page.getByTestId('account-row').allInnerTexts()).join('\n').replace(/\D/g, ''), {
      timeout: 15_000,
    })
    .toContain(phoneDigits)
}

describe('submitting accounts through the sandbox provider', () => {
  it('logs in an account with the code', async () => {
    const { page, context } = await openAccounts()
    await expectOneStartingEdge(page)
    await screenshot(page, 'accounts-empty')
    await page.getByTestId('accounts-login').click()
    await page.getByTestId('submit-phone').waitFor()
    await screenshot(page, 'submit-phone')
    await fill(page, 'Phone number', '+989120000001', 'submit-phone-submit')
    await page.getByTestId('submit-code').waitFor()
    await screenshot(page, 'submit-code')
    await fill(page, 'Code', SANDBOX_LOGIN_CODE, 'submit-code-submit')
    await expectAccountListed(page, '989120000001')
    await screenshot(page, 'accounts-after-login')
    await page.getByTestId('account-row').first().click()
    await page.getByTestId('account-detail').waitFor()
    expect(await page.getByTestId('account-acceptance').innerText()).toContain(
      'The account is pending for acceptance.',
    )
    await screenshot(page, 'account-detail-pending')
    await context.close()
  })

  it('logs in an account protected by a 2FA password', async () => {
    const { page, context } = await openAccounts()
    await page.getByTestId('accounts-login').click()
    await fill(page, 'Phone number', '+989120000002', 'submit-phone-submit')
    await fill(page, 'Code', SANDBOX_LOGIN_CODE, 'submit-code-submit')
    await page.getByTestId('submit-password').waitFor()
    await screenshot(page, 'submit-password')
    await fill(page, 'Password', SANDBOX_PASSWORD, 'submit-password-submit')
    await expectAccountListed(page, '989120000002')
    await context.close()
  })

  it('sets up a login email before the code', async () => {
    const { page, context } = await openAccounts()
    await page.getByTestId('accounts-login').click()
    await fill(page, 'Phone number', '+989120000003', 'submit-phone-submit')
    await page.getByTestId('submit-email').waitFor()
    await screenshot(page, 'submit-email')
    await fill(page, 'Email', SANDBOX_GOOD_EMAIL, 'submit-email-submit')
    await page.getByTestId('submit-email-code').waitFor()
    await fill(page, 'Verification code', SANDBOX_EMAIL_CODE, 'submit-email-code-submit')
    await fill(page, 'Code', SANDBOX_LOGIN_CODE, 'submit-code-submit')
    await expectAccountListed(page, '989120000003')
    await context.close()
  })

  it('refuses a phone number the provider does not accept, with an Error dialog', async () => {
    const { page, context } = await openAccounts()
    await page.getByTestId('accounts-login').click()
    await fill(page, 'Phone number', '+989120000006', 'submit-phone-submit')
    const message = await answerPopup(page, 'Error')
    expect(message.length).toBeGreaterThan(0)
    expect(new URL(page.url()).pathname).toBe('/accounts/submit-account-phone')
    await screenshot(page, 'submit-phone-refused')
    await context.close()
  })

  it('registers a new account, resending the code', async () => {
    const { page, context } = await openAccounts()
    await page.getByTestId('accounts-register').click()
    await page.getByTestId('signup-phone').waitFor()
    // The page's timers from here on are the test's to run: the resend countdown's 10 s pass at once.
    await page.clock.install()
    await fill(page, 'Phone number', '+989120000020', 'signup-phone-submit')
    await page.getByTestId('signup-code').waitFor()
    await screenshot(page, 'signup-code-countdown')
    const resend = page.getByTestId('resend-code')
    expect(await resend.isDisabled()).toBe(true)
    await page.clock.runFor(10_000)
    await expect.poll(() => resend.isEnabled()).toBe(true)
    await resend.click()
    // The sandbox resends by call (docs/sandbox-provider.md); the screen shows the new way once it answered.
    await page.getByText(/calling/).waitFor()
    await fill(page, 'Code', SANDBOX_LOGIN_CODE, 'signup-code-submit')
    await answerPopup(page, 'Account registered')
    await expectAccountListed(page, '989120000020')
    await screenshot(page, 'accounts-after-signup')
    await context.close()
  })

  it('validates a submitted account and shows it accepted with its limit discount', async () => {
    await e2e.server.ops('PUT', '/settings/validation_delay_seconds', { value: 1 })
    const { page, context, user } = await openAccounts()
    await page.getByTestId('accounts-login').click()
    // Sandbox: accepted, permanently limited, 20% discount (docs/sandbox-provider.md).
    await fill(page, 'Phone number', '+12015550103', 'submit-phone-submit')
    await fill(page, 'Code', SANDBOX_LOGIN_CODE, 'submit-code-submit')
    await expectAccountListed(page, '12015550103')
    // The server validates it about a second later (delay 1 s, any process polling every 0.5 s).
    await expect
      .poll(async () => JSON.stringify(await e2e.server.ops('GET', `/users/${user.id}/accounts`)), {
        timeout: 20_000,
      })
      .toContain('"status":"accepted"')
    await page.getByRole('tab', { name: 'Accepted' }).click()
    await expect
      .poll(
        async () => (await page.getByTestId('account-row').allInnerTexts()).join(' ').replace(/\D/g, ''),
        {
          timeout: 15_000,
        },
      )
      .toContain('12015550103')
    await screenshot(page, 'accounts-accepted')
    await page.getByTestId('account-row').first().click()
    await page.getByTestId('account-detail').waitFor()
    expect(await page.getByTestId('account-discount').innerText()).toContain('-20%')
    expect(await page.getByTestId('account-acceptance').innerText()).toContain(
      'The account has been successfully accepted.',
    )
    expect(await page.getByTestId('account-limit').innerText()).toContain('Limited')
    await screenshot(page, 'account-detail-accepted-limited')
    await context.close()
  })

  it.each([
    ['en', '+12015550113', 'MF', 'MF (message failed): the account could not send a message.'],
    ['fa', '+12015550114', 'CF', '\u2066CF\u2069 (افزودن مخاطب ناموفق): اکانت نتوانست مخاطب اضافه کند.'],
  ] as const)(
    '%s: a rejected account keeps its short list label, and its detail says it in words',
    async (language, phone, label, words) => {
      await e2e.server.ops('PUT', '/settings/validation_delay_seconds', { value: 1 })
      const { page, context, user, errors } = await openAccounts(language)
      // Sandbox: validation fails the send-message (MF) or add-contact (CF) check (docs/sandbox-provider.md).
      await callApi(page, 'POST', '/telegram/submit-account-phone', { phone, submitType: 'login' })
      await callApi(page, 'POST', '/telegram/submit-account-code', { code: SANDBOX_LOGIN_CODE })
      await callApi(page, 'POST', '/telegram/submit-account')
      await expect
        .poll(async () => JSON.stringify(await e2e.server.ops('GET', `/users/${user.id}/accounts`)), {
          timeout: 20_000,
        })
        .toContain('"status":"rejected"')
      await page.getByRole('tab', { name: language === 'fa' ? 'ردشده' : 'Rejected' }).click()
      const row = page.getByTestId('account-row').first()
      await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain(label)
      await screenshot(page, `accounts-rejected-${label}-${language}`)
      await row.click()
      await page.getByTestId('account-detail').waitFor()
      expect(await page.getByTestId('account-failed-check').textContent()).toBe(words)
      await screenshot(page, `account-detail-${label}-${language}`)
      expect(errors).toEqual([])
      await context.close()
    },
  )

  it('walks the login in Persian, right to left', async () => {
    const { page, context } = await openAccounts('fa')
    await expectOneStartingEdge(page)
    await screenshot(page, 'accounts-empty-fa')
    await page.getByTestId('accounts-login').click()
    await page.getByTestId('submit-phone').waitFor()
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    await screenshot(page, 'submit-phone-fa')
    await context.close()
  })
})
