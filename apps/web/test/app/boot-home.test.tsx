import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { skeletonWords } from '#scripts/paint-before-code.ts'
import { apiError, type FakeServer, installFakeServer, json } from '#test-helpers/fake-server.ts'
import { channelStatusFixture, dashboardFixture } from '#test-helpers/fixtures.ts'
import { ADA, buildLaunchUrl, THEME } from '#test-helpers/launch-url.ts'
import { renderApp, storeTokensFor } from '#test-helpers/render-app.tsx'
import { installFakeTelegram } from '#test-helpers/telegram-bridge.ts'

const HTML = readFileSync(fileURLToPath(import.meta.resolve('../../index.html')), 'utf8')
const INLINE_SCRIPTS = [...HTML.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body = '']) => body)
/** The body's markup: the skeleton and #root (scripts set through innerHTML do not run; they run below). */
const BODY = (/<body>([\s\S]*)<\/body>/.exec(HTML)?.[1] ?? '').replace(/<script[\s\S]*?<\/script>/g, '')

/** The page loads at `url`: its markup is there and its inline scripts run, before any of the app's code. */
function loadPage(url: string) {
  window.history.replaceState(null, '', url)
  document.body.innerHTML = BODY
  for (const script of INLINE_SCRIPTS) new Function(script)()
}

const skeleton = () => document.getElementById('boot-home')
const shown = (element: Element | null) => element instanceof HTMLElement && !element.hidden

function home(server: FakeServer, options: { canReferrer?: boolean; channelUsername?: string } = {}) {
  server.on('GET', '/dashboard', () => json(dashboardFixture({ canReferrer: options.canReferrer ?? false })))
  server.on('GET', '/dashboard/channel-status', () =>
    json(channelStatusFixture({ channelUsername: options.channelUsername ?? null })),
  )
  server.on('PUT', '/me/language', () => new Response(null, { status: 204 }))
}

afterEach(() => {
  delete window.__bootCalls
  delete (window as { __bootHome?: unknown; __bootWords?: unknown }).__bootHome
  delete (window as { __bootWords?: unknown }).__bootWords
  delete (window as { __afterPaint?: unknown }).__afterPaint
  document.body.innerHTML = ''
  document.documentElement.className = ''
  document.documentElement.removeAttribute('style')
})

describe("index.html's home skeleton", () => {
  it('a Telegram launch at home shows it at once: the user card from the init data, the platform, the theme', () => {
    installFakeTelegram()
    installFakeServer()

    loadPage(buildLaunchUrl({ platform: 'android' }).url)

    expect(shown(skeleton())).toBe(true)
    expect(skeleton()?.querySelector('.user-card__name')).toHaveTextContent('Ada Lovelace')
    expect(skeleton()?.querySelector('.user-card__avatar')).toHaveTextContent('A\u200cL')
    expect(skeleton()?.querySelector('.user-card__id')).toHaveTextContent('4242')
    expect(document.documentElement).toHaveClass('platform-android')
    const style = document.documentElement.style
    expect(style.getPropertyValue('--tg-theme-secondary-bg-color')).toBe(THEME.secondary_bg_color)
    expect(style.getPropertyValue('--tg-theme-text-color')).toBe(THEME.text_color)
  })

  it('a Persian user gets it right to left, and no word in any language: only the name and the id', () => {
    installFakeTelegram()
    installFakeServer()
    const user = { ...ADA, first_name: 'سارا', last_name: 'رضایی', language_code: 'fa' }

    loadPage(buildLaunchUrl({ platform: 'ios', user }).url)

    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    expect(document.documentElement).toHaveAttribute('lang', 'fa')
    expect(document.documentElement).toHaveClass('platform-ios')
    expect(skeleton()?.textContent?.replace(/\s+/g, ' ').trim()).toBe('س\u200cر سارا رضایی 4242')
  })

  it.each([
    [
      'en',
      'ID: 4242',
      'Withdraw Money Available balance Send Accounts Submit accounts by phone number News Orders Support',
    ],
    [
      'fa',
      'شناسه: 4242',
      'برداشت وجه موجودی قابل برداشت ارسال اکانت ثبت اکانت با شماره تلفن اخبار سفارش‌ها پشتیبانی',
    ],
  ])("%s: with the words the build writes, it says them in the user's language", (language, id, rows) => {
    installFakeTelegram()
    installFakeServer()
    ;(window as { __bootWords?: unknown }).__bootWords = skeletonWords(HTML)

    loadPage(buildLaunchUrl({ platform: 'android', user: { ...ADA, language_code: language } }).url)

    const text = (selector: string) =>
      [...(skeleton()?.querySelectorAll(selector) ?? [])]
        .filter((element) => !element.closest('[hidden]'))
        .map((element) => element.textContent?.replace(/\s+/g, ' ').trim())
        .join(' ')
    expect(text('.user-card__id')).toBe(id)
    expect(text('.cell__content')).toBe(rows)
  })

  it("draws Referrals and the channel when this user's home had them last time, not another user's", () => {
    installFakeTelegram()
    installFakeServer()
    const rows = (names: string[], telegramUserId: number) =>
      localStorage.setItem('app.homeShape', JSON.stringify({ telegramUserId, rows: names }))
    const row = (name: string) => skeleton()?.querySelector(`[data-boot-row="${name}"]`) ?? null

    rows(['referrals', 'channel'], ADA.id)
    loadPage(buildLaunchUrl({ platform: 'android' }).url)
    expect([shown(row('referrals')), shown(row('channel'))]).toEqual([true, true])

    rows(['referrals', 'channel'], ADA.id + 1)
    loadPage(buildLaunchUrl({ platform: 'android' }).url)
    expect([shown(row('referrals')), shown(row('channel'))]).toEqual([false, false])
  })

  it.each([
    ['a plain browser', '/'],
    ['an unsupported platform', buildLaunchUrl({ platform: 'tdesktop' }).url],
    ['another screen', buildLaunchUrl({ platform: 'android', path: '/invoices' }).url],
  ])('%s does not show it', (_, url) => {
    installFakeServer()

    loadPage(url)

    expect(skeleton()).toBeInTheDocument()
    expect(shown(skeleton())).toBe(false)
  })

  it('home takes over from it, and remembers its data rows for the next launch', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    storeTokensFor(ADA.id)
    home(server, { canReferrer: true, channelUsername: 'our_channel' })
    const { url } = buildLaunchUrl({ platform: 'android' })

    loadPage(url)
    expect(shown(skeleton())).toBe(true)
    renderApp(url)

    expect(await screen.findByText('12.50 USDT')).toBeInTheDocument()
    expect(skeleton()).not.toBeInTheDocument()
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('app.homeShape') ?? 'null')).toEqual({
        telegramUserId: ADA.id,
        rows: ['referrals', 'channel'],
      }),
    )
  })

  it("stays until home's data is there, so the rows that come with it do not move the page", async () => {
    installFakeTelegram()
    const server = installFakeServer()
    storeTokensFor(ADA.id)
    home(server, { canReferrer: true })
    let answer: () => void = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    server.on('GET', '/dashboard', async () => {
      await answered
      return json(dashboardFixture({ canReferrer: true }))
    })
    const { url } = buildLaunchUrl({ platform: 'android' })

    loadPage(url)
    renderApp(url)
    expect(await screen.findByTestId('dashboard')).toBeInTheDocument()
    expect(shown(skeleton())).toBe(true)
    answer()

    expect(await screen.findByText('12.50 USDT')).toBeInTheDocument()
    expect(screen.getByTestId('dashboard-referrals')).toBeInTheDocument()
    expect(skeleton()).not.toBeInTheDocument()
  })

  it('a refused sign-in replaces it with the reason', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    server.on('POST', '/auth/telegram/authorize', () => apiError(403, 'USER_BLOCKED'))
    const { url } = buildLaunchUrl({ platform: 'android' })

    loadPage(url)
    expect(shown(skeleton())).toBe(true)
    renderApp(url)

    expect(await screen.findByRole('alert')).toHaveTextContent(/blocked/i)
    expect(skeleton()).not.toBeInTheDocument()
  })

  it('stays while signing in, and gives way to any screen but home', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    server.on('POST', '/auth/telegram/authorize', () => new Promise<Response>(() => {}))
    const { url } = buildLaunchUrl({ platform: 'android' })

    loadPage(url)
    renderApp(url)
    await waitFor(() => expect(window.location.pathname).toBe('/telegram-auth'))
    expect(shown(skeleton())).toBe(true)

    storeTokensFor(ADA.id)
    home(server)
    server.on('GET', '/news', () => json({ items: [], nextPage: null, previousPage: null }))
    renderApp(buildLaunchUrl({ platform: 'android', path: '/news' }).url)
    await waitFor(() => expect(skeleton()).not.toBeInTheDocument())
  })
})
