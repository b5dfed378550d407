/**
 * The first screen (docs/web.md, 'Start-up requests'), in Chromium against the real server: index.html's inline
 * script signs in, or asks for home with stored tokens, while the code downloads (held here until the calls are
 * seen), under the server's CSP; the app then takes those answers instead of asking again. Its home skeleton
 * lines up with home once drawn, in English and Persian, light and dark. Screenshots `first-screen-*.png`.
 */
import type { BrowserContext, Page, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '../../apps/server/dev/demo/demo-data.ts'
import { PHONE, screenshot } from '../support/browser.ts'
import { useE2e } from '../support/fixture.ts'
import { fakeTelegramClientScript, type LaunchOptions, telegramLaunch } from '../support/telegram.ts'

type Theme = 'light' | 'dark'

const WORDS = {
  en: { id: 'ID:', withdraw: 'Withdraw Money' },
  fa: { id: 'شناسه:', withdraw: 'برداشت وجه' },
} as const

const e2e = useE2e()
let nextTelegramId = 886_000_001

function launchOf(
  languageCode: 'en' | 'fa',
  platform: 'android' | 'ios' = 'android',
  theme: Theme = 'light',
): LaunchOptions {
  const name =
    languageCode === 'fa'
      ? { firstName: 'سارا', lastName: 'رضایی' }
      : { firstName: 'First', lastName: 'Screen' }
  return {
    user: { id: nextTelegramId++, ...name, languageCode },
    platform,
    theme,
    startParam: DEMO_REFERRAL_CODE,
  }
}

/** Where home's blocks sit (the user card, each row, its icon and text column): top, height, and the icon's side. */
async function layoutOf(page: Page, scope: '#boot-home' | '#root'): Promise<string[]> {
  return page.evaluate(
    (scope) =>
      [
        ...document.querySelectorAll(
          `${scope} :is(.user-card, .user-card__avatar, .cell, .cell__icon, .cell__content)`,
        ),
      ]
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.height > 0)
        .map(({ element, box }) => {
          const edge = element.classList.contains('cell__content')
            ? ''
            : ` x ${Math.round(box.x)} w ${box.width}`
          return `${element.className} y ${Math.round(box.y)} h ${Math.round(box.height)}${edge}`
        }),
    scope,
  )
}

/**
 * Calls home does not wait for, made once it is drawn: the launch's language and the channel prompt's shown (both
 * answered with nothing). The others are what the first screen costs.
 */
const homeWaitsFor = (call: string) =>
  call !== 'PUT /me/language' && call !== 'POST /dashboard/channel-prompt'

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
    // Longer than the wait for the calls below: without the early calls, that wait fails first.
    await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 20_000))])
    await route.continue()
  })
  const { url, themeParams } = telegramLaunch(e2e.server.url, e2e.server.botToken, launch)
  await page.addInitScript(fakeTelegramClientScript(themeParams))
  await page.goto(url, { waitUntil: 'commit' })
  await expect.poll(() => waitFor.every((call) => sent.includes(call)), { timeout: 15_000 }).toBe(true)
  // The code is held until then (it is asked for after the first paint, so maybe later than the calls).
  await expect.poll(() => entryHeld, { timeout: 15_000 }).toBe(true)
  // Everything so far left while the code was held: none of it is the app's.
  expect(await page.evaluate(() => typeof (window as { __bootCalls?: unknown }).__bootCalls)).toBe('object')
  return { page, sent, cspErrors }
}

async function newPhoneContext(browser: typeof e2e.browser, language: 'en' | 'fa', theme: Theme = 'light') {
  return browser.newContext({
    colorScheme: theme,
    ...PHONE,
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
      expect(first.sent.filter(homeWaitsFor)).toEqual([
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
      expect(again.sent.filter(homeWaitsFor)).toEqual(['GET /dashboard', 'GET /dashboard/channel-status'])
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
      const calls = launched.sent.filter(homeWaitsFor)
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

  it.each([
    ['en', 'android', 'light'],
    ['en', 'ios', 'dark'],
    ['fa', 'android', 'dark'],
    ['fa', 'ios', 'light'],
  ] as const)(
    '%s, %s, %s: the skeleton shows before the code and lines up with home once drawn',
    async (language, platform, theme) => {
      const context = await newPhoneContext(e2e.browser, language, theme)
      try {
        const launch = launchOf(language, platform, theme)
        const { url, themeParams } = telegramLaunch(e2e.server.url, e2e.server.botToken, launch)
        await context.addInitScript(fakeTelegramClientScript(themeParams))
        // A first launch: signed in, home drawn with the user's rows (Referrals, the channel), remembered.
        let page = await context.newPage()
        await page.goto(url)
        await page.getByTestId('dashboard-channel').waitFor({ timeout: 20_000 })
        await page.waitForLoadState('networkidle')
        await page.close()

        // The next launch, its code never arriving: the skeleton alone.
        page = await context.newPage()
        await page.route(/\/assets\/index-[^/]+\.js$/, () => new Promise(() => {}))
        await page.goto(url, { waitUntil: 'commit' })
        await page.locator('#boot-home .user-card__name').waitFor()
        const name = `first-screen-skeleton-${language}-${platform}-${theme}`
        await screenshot(page, name)
        const skeleton = await layoutOf(page, '#boot-home')
        expect(await page.locator('#boot-home .user-card__name').textContent()).toBe(
          `${launch.user.firstName} ${launch.user.lastName}`,
        )
        // Home's words in the user's language, from the locale files the build read.
        const words = WORDS[language]
        expect(await page.locator('#boot-home .user-card__id').textContent()).toBe(
          `${words.id} ${launch.user.id}`,
        )
        expect(await page.locator('#boot-home .cell__title').first().textContent()).toBe(words.withdraw)
        await page.close()

        page = await context.newPage()
        await page.goto(url)
        await homeShown(page)
        await screenshot(page, name.replace('skeleton', 'home'))
        expect(await page.locator('#boot-home').count()).toBe(0)
        expect(skeleton).toEqual(await layoutOf(page, '#root'))
        expect(skeleton.filter((box) => box.startsWith('cell '))).toHaveLength(7)
      } finally {
        await context.close()
      }
    },
  )
})
