/**
 * News end to end (issue 9): an operator publishes an item in English only; a Persian reader's home marks the
 * unseen news, the News screen lists the demo news in Persian and the new item in English (left to right), and
 * home's mark is gone after reading.
 */
import { describe, expect, it } from 'vitest'
import { DEMO_NEWS, DEMO_REFERRAL_CODE } from '../../apps/server/dev/demo/demo-data.ts'
import { answerPopup, openMiniApp, screenshot, sendTelegramEvent } from '../support/browser.ts'
import { useE2e } from '../support/fixture.ts'

const e2e = useE2e()

const READER = { id: 885_000_001, firstName: 'نگار', lastName: 'امینی', languageCode: 'fa' }

describe('news', () => {
  it('marks unseen news on home, lists them in the reader language, and clears the mark once read', async () => {
    await e2e.server.ops('POST', '/news', {
      en: { title: 'Maintenance on Friday', body: 'The service pauses from 02:00 to 03:00 UTC.' },
    })
    const { page, errors } = await openMiniApp(e2e.browser, e2e.server, {
      user: READER,
      platform: 'ios',
      startParam: DEMO_REFERRAL_CODE,
    })
    const entry = page.getByTestId('dashboard-news')
    await entry.waitFor({ timeout: 15_000 })
    await answerPopup(page, null) // the demo channel's prompt
    const unseen = String(DEMO_NEWS.length + 1)
    await expect.poll(() => entry.getByTestId('dashboard-news-unseen').innerText()).toContain(unseen)
    await screenshot(page, 'news-fa-home-unseen')

    await entry.click()
    const items = page.getByTestId('news-item')
    await items.first().waitFor({ timeout: 15_000 })
    expect(await items.count()).toBe(DEMO_NEWS.length + 1)
    // Newest first: the operator's English item, left to right inside the Persian screen, then the demo news.
    const first = items.first()
    expect(await first.getAttribute('dir')).toBe('ltr')
    expect(await first.getByRole('heading').innerText()).toBe('Maintenance on Friday')
    const newest = [...DEMO_NEWS].sort((a, b) => a.daysAgo - b.daysAgo)[0]
    expect(await items.nth(1).getByRole('heading').innerText()).toBe(newest?.fa.title)
    expect(await items.nth(1).getAttribute('dir')).toBe('rtl')
    expect(await page.getByTestId('news-new').count()).toBe(DEMO_NEWS.length + 1)
    await screenshot(page, 'news-fa-list')

    await sendTelegramEvent(page, 'back_button_pressed')
    await entry.waitFor({ timeout: 15_000 })
    await expect.poll(() => entry.getByTestId('dashboard-news-unseen').count()).toBe(0)
    expect(errors).toEqual([])
  })
})
