/**
 * The bot end to end (issue 11, docs/bot.md) on the simulator page, with the fake Bot API the development server
 * starts in its process: /start sent from the Bot chat panel is answered by the bot (through long polling and the
 * outbox) with the welcome and its button, which opens the mini-app; a user who has not joined the demo channel
 * is asked to join by the mini-app, joins (the panel's switch on the fake), reopens the app and is not asked again,
 * on this device or a fresh one, because the server's check now says joined. The prompt is remembered per Telegram
 * user on the server (issue 38): a second device is not asked again the same day, another user of a device is.
 */
import type { BrowserContext, Page, Response } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEMO_CHANNEL, DEMO_REFERRAL_CODE, DEMO_USERS } from '../../apps/server/dev/demo/demo-data.ts'
import { PHONE, popups, screenshot } from '../support/browser.ts'
import { useE2e } from '../support/fixture.ts'
import { fakeTelegramClientScript, telegramLaunch } from '../support/telegram.ts'

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
    .then(
      (r) => r.json() as Promise<{ channelUsername: string | null; isUserJoined: boolean; prompt: boolean }>,
    )

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

    // Any other command gets the short help (text that is no command goes to support: support-desk.test.ts).
    await page.locator('#bot-text').fill('/hello')
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
    expect(await answer).toEqual({ channelUsername: DEMO_CHANNEL, isUserJoined: false, prompt: true })
    await expect.poll(() => popupShown(page), { timeout: 10_000 }).toBe(true)
    expect(await page.locator('#popup-title').innerText()).toBe(PROMPT_TITLE)
    expect(await page.locator('#popup-message').innerText()).toBe('Join our channel for latest updates')
    await expect.poll(() => page.locator('#bot-channel').innerText()).toBe(`@${DEMO_CHANNEL}: not joined`)
    await screenshot(page, 'bot-join-prompt')

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
    expect(await answer).toEqual({ channelUsername: DEMO_CHANNEL, isUserJoined: true, prompt: false })
    await page.waitForTimeout(1000)
    expect(await popupShown(page)).toBe(false)

    // Reopened on a fresh device (nothing remembered): no prompt either, the server's check alone decides.
    answer = check()
    await page.locator('#reset').click()
    await appReady(page)
    expect(await answer).toEqual({ channelUsername: DEMO_CHANNEL, isUserJoined: true, prompt: false })
    await page.waitForTimeout(1000)
    expect(await popupShown(page)).toBe(false)
    await screenshot(page, 'bot-joined-no-prompt')
    expect(errors).toEqual([])
    await context.close()
  })

  it('remembers the prompt per Telegram user, not per device: a second phone is not asked again, another user is', async () => {
    const ada = { id: 886_000_001, firstName: 'Ada', languageCode: 'en' }
    const reza = { id: 886_000_002, firstName: 'Reza', languageCode: 'fa' }
    const firstPhone = await e2e.browser.newContext(PHONE)
    const secondPhone = await e2e.browser.newContext(PHONE)
    try {
      // Ada on her first phone: asked, and closes it.
      const first = await launchIn(firstPhone, ada)
      expect(await first.prompts()).toEqual(['Join our channel for latest updates'])
      await first.page.close()
      // Ada on her second phone (its own storage) the same day: not a member still, but not asked again.
      const second = await launchIn(secondPhone, ada)
      expect(second.status).toMatchObject({ isUserJoined: false, prompt: false })
      expect(await second.prompts()).toEqual([])
      await screenshot(second.page, 'channel-prompt-second-phone-not-asked')
      await second.page.close()
      // Reza on Ada's first phone: asked for himself, in Persian.
      const other = await launchIn(firstPhone, reza)
      expect(await other.prompts()).toEqual(['برای دریافت آخرین اخبار به کانال ما بپیوندید'])
    } finally {
      await firstPhone.close()
      await secondPhone.close()
    }
  })
})

/**
 * A launch of the mini-app in `context` (one phone: its storage is the context's) for `user`, who arrived by the demo
 * referral link; answers the channel check and the prompts shown (their messages), each closed as a user would.
 */
async function launchIn(
  context: BrowserContext,
  user: { id: number; firstName: string; languageCode: string },
) {
  const launch = telegramLaunch(e2e.server.url, e2e.server.botToken, {
    user,
    platform: 'ios',
    startParam: DEMO_REFERRAL_CODE,
  })
  const page = await context.newPage()
  await page.addInitScript(fakeTelegramClientScript(launch.themeParams))
  const answer = page.waitForResponse(
    (r: Response) => new URL(r.url()).pathname === '/dashboard/channel-status',
    {
      timeout: 20_000,
    },
  )
  await page.goto(launch.url)
  const status = (await (await answer).json()) as { isUserJoined: boolean; prompt: boolean }
  await page.getByTestId('dashboard-withdraw').waitFor({ timeout: 15_000 })
  return {
    page,
    status,
    prompts: async () => {
      await page.waitForTimeout(1000)
      return (await popups(page)).map((popup) => popup.message)
    },
  }
}
