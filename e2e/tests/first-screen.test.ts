/**
 * The first screen's calls (docs/web.md, 'Start-up requests'), in Chromium against the real server: index.html's inline
 * script signs in, or asks for home with stored tokens, while the code downloads (held here until the calls are
 * seen), under the server's CSP; the app then takes those answers instead of asking again. Screenshot
 * `first-screen-*.png`.
 */
import type { BrowserContext, Page, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '../../apps/server/dev/demo/demo-data.ts'
import { PHONE_VIEWPORT, screenshot } from '../support/browser.ts'
import { useE2e } from '../support/fixture.ts'
import { fakeTelegramClientScript, type LaunchOptions, telegramLaunch } from '../support/telegram.ts'

const e2e = useE2e()
let nextTelegramId = 886_000_001

function launchOf(languageCode: 'en' | 'fa'): LaunchOptions {
  return {
    user: { id: nextTelegramId++, firstName: 'First', lastName: 'Screen', languageCode },
    platform: 'android',
    startParam: DEMO_REFERRAL_CODE,
  }
}

type Launched = { page: Page; sent: string[]; cspErrors: string[] }

/**
 * Opens the launch in `context` with the app's entry code held back until `held` says the calls it waits for have
 * left: what the page sent before that came from index.html alone.
 */
async function launchHoldingCode(
  context: BrowserContext,
  launch: LaunchOptions,
  waitFor: string[],
): Promise<Launched> {
  const page = await context.newPage()
  const sent: string[] = []
  const cspErrors: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspErrors.push(message.text())
  })
  const api = (request: Request) => {
    const { pathname } = new URL(request.url())
    return request.resourceType() === 'fetch' && !pathname.startsWith('/locales/')
  }
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  page.on('request', (request) => {
    if (!api(request)) return
    sent.push(`${request.method()} ${new URL(request.url()).pathname}`)
    if (waitFor.every((call) => sent.includes(call))) release()
  })
  let entryHeld = false
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    entryHeld = true
    await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 15_000))])
    await route.continue()
  })
  const { url, themeParams } = telegramLaunch(e2e.server.url, e2e.server.botToken, launch)
  await page.addInitScript(fakeTelegramClientScript(themeParams))
  await page.goto(url, { waitUntil: 'commit' })
  await expect.poll(() => waitFor.every((call) => sent.includes(call)), { timeout: 15_000 }).toBe(true)
  expect(entryHeld).toBe(true)
  // Everything so far left while the code was held: none of it is the app's.
  expect(await page.evaluate(() => typeof (window as { __bootCalls?: unknown }).__bootCalls)).toBe('object')
  return { page, sent, cspErrors }
}

async function newPhoneContext(browser: typeof e2e.browser, language: 'en' | 'fa') {
  return browser.newContext({
    viewport: PHONE_VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: language === 'fa' ? 'fa-IR' : 'en-US',
  })
}

/** Home with the user's data, and no call still to come. */
async function homeShown(page: Page) {
  await page.getByTestId('dashboard-withdraw').getByText('USDT').waitFor({ timeout: 20_000 })
  await page.waitForLoadState('networkidle')
}

describe('first screen', () => {
  it('a first launch signs in and asks for home before the code runs; the app asks for neither again', async () => {
    const context = await newPhoneContext(e2e.browser, 'en')
    try {
      const launch = launchOf('en')
      const first = await launchHoldingCode(context, launch, [
        'POST /auth/telegram/authorize',
        'GET /dashboard',
        'GET /dashboard/channel-status',
      ])
      await homeShown(first.page)
      await screenshot(first.page, 'first-screen-first-launch')
      expect(first.sent.filter((call) => call !== 'PUT /me/language')).toEqual([
        'POST /auth/telegram/authorize',
        'GET /dashboard',
        'GET /dashboard/channel-status',
      ])
      expect(first.cspErrors).toEqual([])
      await first.page.close()

      // The next launch has the tokens: home is asked for at once, with no sign-in.
      const again = await launchHoldingCode(context, launch, [
        'GET /dashboard',
        'GET /dashboard/channel-status',
      ])
      await homeShown(again.page)
      expect(again.sent.filter((call) => call !== 'PUT /me/language')).toEqual([
        'GET /dashboard',
        'GET /dashboard/channel-status',
      ])
      expect(again.cspErrors).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('stored tokens the server refuses: the early call is refused, the refresh too, and the launch signs in once', async () => {
    const context = await newPhoneContext(e2e.browser, 'fa')
    try {
      const launch = launchOf('fa')
      await context.addInitScript((telegramUserId) => {
        if (sessionStorage.getItem('planted')) return
        sessionStorage.setItem('planted', '1')
        localStorage.setItem(
          'app.auth',
          JSON.stringify({ accessToken: 'stale', refreshToken: 'stale', telegramUserId }),
        )
      }, launch.user.id)
      const launched = await launchHoldingCode(context, launch, ['GET /dashboard'])
      await homeShown(launched.page)
      await screenshot(launched.page, 'first-screen-stale-tokens-fa')
      const calls = launched.sent.filter((call) => call !== 'PUT /me/language')
      expect(calls.slice(0, 3)).toEqual([
        'GET /dashboard',
        'GET /dashboard/channel-status',
        'POST /auth/refresh',
      ])
      expect(calls.filter((call) => call === 'POST /auth/telegram/authorize')).toHaveLength(1)
      expect(calls.filter((call) => call === 'POST /auth/refresh')).toHaveLength(1)
      expect(calls.at(-1)).toMatch(/^GET \/dashboard/)
    } finally {
      await context.close()
    }
  })
})
