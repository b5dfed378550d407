/**
 * The referral program end to end (issue 9): A copies the link, B arrives through it, B's account is accepted,
 * A sees the count and the earning and withdraws it with the create-invoice button; A revokes the link and C, who
 * still has the old one, is refused with the 406 dialog and its message. A reads the app in Persian, then opens it
 * again in English (Telegram's language changed) for the rest; B and C read it in English.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '../../apps/server/dev/demo/demo-data.ts'
import { callApi, supplyAcceptedAccounts } from '../support/accounts.ts'
import { answerPopup, openMiniApp, popups, screenshot, sendTelegramEvent } from '../support/browser.ts'
import { useE2e } from '../support/fixture.ts'
import { localeText } from '../support/locales.ts'
import { telegramLaunch } from '../support/telegram.ts'

const e2e = useE2e({
  settings: {
    validation_delay_seconds: 1,
    referral_share_percent: '10',
    min_payment_limit: '0.01',
    payment_open: true,
  },
})

const A = { id: 884_000_001, firstName: 'مریم', lastName: 'رحیمی', languageCode: 'fa' }
const B = { id: 884_000_002, firstName: 'Bob', lastName: 'Invited', languageCode: 'en' }
const C = { id: 884_000_003, firstName: 'Cleo', lastName: 'Late', languageCode: 'en' }

/** What the referrals screen shows, read from its test ids. */
async function referralsFigures(page: Page) {
  await page.getByTestId('referrals-link').waitFor({ timeout: 15_000 })
  return {
    link: (await page.getByTestId('referrals-link').innerText()).replace(/\s+/g, ''),
    available: await page.getByTestId('referrals-available').innerText(),
  }
}

/** 'N person joined', in the plural form the app's i18n picks (CLDR: Persian says 'one' for 0 and 1). */
const joined = (language: 'en' | 'fa', count: number) =>
  localeText(language, 'referrals', `referrals.joined_${new Intl.PluralRules(language).select(count)}`, {
    count,
  })

describe('referrals', () => {
  it('a link that admits, counts, pays, and stops admitting when revoked, in Persian and English', async () => {
    const a = await openMiniApp(e2e.browser, e2e.server, {
      user: A,
      platform: 'android',
      startParam: DEMO_REFERRAL_CODE,
    })
    await a.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url })
    await a.page.getByTestId('dashboard-referrals').waitFor({ timeout: 15_000 })
    await answerPopup(a.page, null) // the demo channel's prompt
    await a.page.getByTestId('dashboard-referrals').click()
    const before = await referralsFigures(a.page)
    expect(before.available).toBe('0.00 USDT')
    expect(await a.page.getByText(joined('fa', 0)).isVisible()).toBe(true)
    await a.page.getByTestId('referrals-copy').click()
    const copied = await a.page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toMatch(/^https:\/\/t\.me\/\w+(\/\w+)?\?startapp=[A-Z0-9]{10}$/)
    expect(before.link).toBe(copied.replace('https://', ''))
    await screenshot(a.page, 'referrals-fa-empty')
    const code = new URL(copied).searchParams.get('startapp') ?? ''

    // B opens the mini-app from A's link: Telegram passes the code as the start parameter.
    const b = await openMiniApp(e2e.browser, e2e.server, { user: B, platform: 'ios', startParam: code })
    await b.page.getByTestId('dashboard-withdraw').waitFor({ timeout: 15_000 })
    await answerPopup(b.page, null)
    await supplyAcceptedAccounts(e2e.server, b.page, B.id, ['+12015550960'])
    const accounts = (await e2e.server.ops('GET', `/users/${B.id}/accounts`)) as { net: string }[]
    const net = Number(accounts[0]?.net)
    expect(net).toBeGreaterThan(0)
    const earning = (Math.floor(net * 10) / 100).toFixed(2) // 10 % of net, floored to the cent as shown

    // A sees one person and the earning (the screen reads afresh on each visit).
    await a.page.reload()
    const after = await referralsFigures(a.page)
    expect(after.available).toBe(`${earning} USDT`)
    expect(await a.page.getByText(joined('fa', 1)).isVisible()).toBe(true)
    await screenshot(a.page, 'referrals-fa-earning')

    // Telegram's language changes to English and A opens the app again (same device, so no channel prompt).
    const english = telegramLaunch(e2e.server.url, e2e.server.botToken, {
      user: { ...A, languageCode: 'en' },
      platform: 'android',
    })
    await a.page.goto(english.url)
    await a.page.getByTestId('dashboard-referrals').click({ timeout: 15_000 })
    const inEnglish = await referralsFigures(a.page)
    expect(await a.page.evaluate(() => document.documentElement.dir)).toBe('ltr')
    expect(inEnglish).toEqual(after)
    expect(await a.page.getByText(joined('en', 1)).isVisible()).toBe(true)
    await screenshot(a.page, 'referrals-en-earning')

    // A withdraws the earning as a user does: Withdraw Money, the create-invoice button, and its confirmation.
    const path = () => new URL(a.page.url()).pathname
    await sendTelegramEvent(a.page, 'back_button_pressed')
    await expect.poll(path, { timeout: 10_000 }).toBe('/')
    await a.page.getByTestId('dashboard-withdraw').click()
    const create = a.page.getByTestId('invoices-create')
    await expect.poll(() => create.isEnabled(), { timeout: 15_000 }).toBe(true)
    await create.click()
    const question = await answerPopup(
      a.page,
      null,
      localeText('en', 'invoices', 'invoices.create.confirmButton'),
    )
    expect(question).toBe(localeText('en', 'invoices', 'invoices.create.confirm', { amount: earning }))
    await a.page.getByTestId('invoice-referral-earnings').waitFor({ timeout: 15_000 })
    const invoiceUid = new URL(a.page.url()).pathname.split('/')[2] ?? ''
    const detail = (await callApi(a.page, 'GET', `/invoices/${invoiceUid}`)) as {
      amount: number
      referralEarnings: number
    }
    expect(detail.referralEarnings.toFixed(2)).toBe(earning)
    expect(detail.amount).toBe(detail.referralEarnings)
    await screenshot(a.page, 'invoice-referral-earnings-en')

    // A revokes the link; C, who still has the old code, is refused with the Message dialog (406).
    // Back twice (invoice -> list -> home), each press once the previous screen is there: the URL changes
    // before the list has mounted, and a press in between is the detail's again (it leads to the list).
    await sendTelegramEvent(a.page, 'back_button_pressed')
    await expect.poll(path, { timeout: 10_000 }).toBe('/invoices')
    await a.page.getByTestId('invoices').waitFor({ timeout: 10_000 })
    await sendTelegramEvent(a.page, 'back_button_pressed')
    await expect.poll(path, { timeout: 10_000 }).toBe('/')
    await a.page.getByTestId('dashboard-referrals').click()
    await a.page.getByTestId('referrals-revoke').click()
    await answerPopup(a.page, null, localeText('en', 'referrals', 'referrals.revoke.button'))
    await expect
      .poll(async () => (await referralsFigures(a.page)).link, { timeout: 10_000 })
      .not.toBe(before.link)
    await screenshot(a.page, 'referrals-en-revoked')

    const c = await openMiniApp(e2e.browser, e2e.server, { user: C, platform: 'ios', startParam: code })
    await expect.poll(async () => (await popups(c.page)).length, { timeout: 15_000 }).toBeGreaterThan(0)
    const [refusal] = await popups(c.page)
    expect(refusal?.title).toBe(localeText('en', 'common', 'telegramAuth.messageTitle'))
    expect(refusal?.message).toBe(localeText('en', 'common', 'telegramAuth.referralRequired'))
    expect(a.errors).toEqual([])
    expect(b.errors).toEqual([])
    for (const opened of [a, b, c]) await opened.context.close()
  })
})
