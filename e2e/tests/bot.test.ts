/**
 * The bot end to end (issue 11, docs/bot.md) on the simulator page, with the fake Bot API the development server
 * starts in its process: /start sent from the Bot chat panel is answered by the bot (through long polling and the
 * outbox) with the welcome and its button, which opens the mini-app; a user who has not joined the demo channel
 * is asked to join by the mini-app, joins (the panel's switch on the fake), reopens the app and is not asked again,
 * on this device or a fresh one, because the server's check now says joined.
 */
import type { Page, Response } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEMO_CHANNEL, DEMO_REFERRAL_CODE, DEMO_USERS } from '../../apps/server/dev/demo/demo-data.ts'
import { screenshot } from '../support/browser.ts'
import { useE2e } from '../support/fixture.ts'

const e2e = useE2e()

const SARA = DEMO_USERS[0]
const REZA = DEMO_USERS[1]
const PROMPT_TITLE = 'Our channel'

/** The simulator page for one demo user, in English, on a fresh device (empty storage). */
async function openSimulator(telegramId: number) {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 1000 } })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${e2e.server.url}/simulator?user=${telegramId}&lang=en&platform=ios`)
  return { page, context, errors }
}

const app = (page: Page) => page.frameLocator('#app')
const appReady = (page: Page) =>
  expect.poll(() => app(page).getByText('v0.10.0').isVisible(), { timeout: 20_000 }).toBe(true)
const popupShown = (page: Page) => page.locator('#popup').isVisible()

/** The next channel check the mini-app makes, and what the server answered. */
const channelCheck = (page: Page) =>
  page
    .waitForResponse((r: Response) => new URL(r.url()).pathname === '/dashboard/channel-status', {
      timeout: 20_000,
    })
    .then((r) => r.json() as Promise<{ channelUsername: string | null; isUserJoined: boolean }>)

describe('the bot on the simulator page', () => {
  it('answers /start from the Bot chat panel with the welcome and its button, which opens the mini-app', async () => {
    if (!SARA) throw new Error('no demo user')
    const { page, context, errors } = await openSimulator(SARA.telegramId)
    await appReady(page)
    await expect.poll(() => page.locator('#bot-channel').innerText()).toBe(`@${DEMO_CHANNEL}: not joined`)
    await expect.poll(() => page.locator('#bot-messages').innerText()).toContain('No messages yet.')

    await page.locator('#bot-start').click()
    const welcome = page.locator('#bot-messages li', { hasText: 'Welcome! Your invitation is ready' })
    await welcome.waitFor({ timeout: 20_000 })
    const button = welcome.getByRole('button', { name: 'Open the app' })
    expect(await button.getAttribute('title')).toBe(
      `https://t.me/AccountSupplyDemoBot?startapp=${DEMO_REFERRAL_CODE}`,
    )

    // Any other text gets the short help.
    await page.locator('#bot-text').fill('hello bot')
    await page.locator('#bot-form button[type=submit]').click()
    await page
      .locator('#bot-messages li', { hasText: 'I tell you when your accounts' })
      .waitFor({ timeout: 20_000 })
    expect(await page.locator('#bot-messages li').count()).toBe(2)
    await screenshot(page, 'bot-chat-welcome')

    // The welcome's button opens the mini-app with its start parameter.
    await page.locator('#startParam').fill('')
    await button.click()
    await expect.poll(() => page.locator('#startParam').inputValue()).toBe(DEMO_REFERRAL_CODE)
    await appReady(page)
    expect(await page.locator('#app').getAttribute('src')).toContain(
      `tgWebAppStartParam=${DEMO_REFERRAL_CODE}`,
    )
    expect(errors).toEqual([])
    await context.close()
  })

  it('asks a user who has not joined the channel to join; once joined, reopening asks no more', async () => {
    if (!REZA) throw new Error('no demo user')
    const check = () => channelCheck(page)
    const { page, context, errors } = await openSimulator(REZA.telegramId)
    let answer = check()
    await appReady(page)
    expect(await answer).toEqual({ channelUsername: DEMO_CHANNEL, isUserJoined: false })
    await expect.poll(() => popupShown(page), { timeout: 10_000 }).toBe(true)
    expect(await page.locator('#popup-title').innerText()).toBe(PROMPT_TITLE)
    expect(await page.locator('#popup-message').innerText()).toBe('Join our channel for latest updates')
    await expect.poll(() => page.locator('#bot-channel').innerText()).toBe(`@${DEMO_CHANNEL}: not joined`)
    await screenshot(page, 'bot-join-prompt')

    // Closed, then a fresh device (storage forgotten): still not a member, so asked again.
    await page.locator('#popup-buttons button', { hasText: 'Close' }).click()
    answer = check()
    await page.locator('#reset').click()
    await appReady(page)
    expect((await answer).isUserJoined).toBe(false)
    await expect.poll(() => popupShown(page), { timeout: 10_000 }).toBe(true)
    expect(await page.locator('#popup-title').innerText()).toBe(PROMPT_TITLE)

    // 'Join Channel' sends the user to the channel in Telegram, where they join (the fake's switch).
    await page.locator('#popup-buttons button', { hasText: 'Join Channel' }).click()
    await expect.poll(() => page.locator('#toast').innerText()).toContain(`t.me/${DEMO_CHANNEL}`)
    await page.locator('#bot-join').click()
    await expect.poll(() => page.locator('#bot-channel').innerText()).toBe(`@${DEMO_CHANNEL}: joined`)
    expect(await page.locator('#bot-join').innerText()).toBe('Leave the channel')

    // Reopened on this device: no prompt, and the server says joined.
    answer = check()
    await page.locator('#launch').click()
    await appReady(page)
    expect(await answer).toEqual({ channelUsername: DEMO_CHANNEL, isUserJoined: true })
    await page.waitForTimeout(1000)
    expect(await popupShown(page)).toBe(false)

    // Reopened on a fresh device (nothing remembered): no prompt either, the server's check alone decides.
    answer = check()
    await page.locator('#reset').click()
    await appReady(page)
    expect(await answer).toEqual({ channelUsername: DEMO_CHANNEL, isUserJoined: true })
    await page.waitForTimeout(1000)
    expect(await popupShown(page)).toBe(false)
    await screenshot(page, 'bot-joined-no-prompt')
    expect(errors).toEqual([])
    await context.close()
  })
})
