/**
 * Telegram Web (Web A and Web K) opens a mini-app in an iframe on its own origin. The mini-app's pages may be framed
 * by the origins in MINI_APP_FRAME_ANCESTORS (Telegram's web clients by default), so a user there sees the platform
 * gate rather than the browser's refusal; any other origin is refused, and the console is refused to every origin
 * (docs/web.md, 'Framing'). Here pages on two other local origins play Telegram Web: one allowed, one not.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { telegramLaunchUrl } from '@app/contract/telegram-launch'
import type { Frame, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '../../apps/server/dev/demo/demo-data.ts'
import { signInitData } from '../../apps/server/dev/simulator/sign-init-data.ts'
import { SIMULATED_CLIENT_VERSION } from '../../apps/server/dev/simulator/simulated-launch.ts'
import { themeParamsFor } from '../../apps/server/dev/simulator/theme-params.ts'
import { screenshot } from '../support/browser.ts'
import { useE2e } from '../support/fixture.ts'

const GATE_TEXT =
  'This Mini App is currently only available on iOS and Android devices. Please access it via the Telegram app on your mobile phone.'

/** A page that frames `?src=` at a phone's size, as Telegram Web's mini-app popup does. */
function startFramer(): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const src = new URL(request.url ?? '/', 'http://framer').searchParams.get('src') ?? ''
    const escaped = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(
      `<!doctype html><title>Telegram Web stand-in</title><body style="margin:0;background:#ddd">` +
        `<iframe src="${escaped}" style="width:390px;height:700px;border:0;background:#fff"></iframe></body>`,
    )
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    ),
  )
}

let allowed: { origin: string; server: Server }
let other: { origin: string; server: Server }
let nextTelegramId = 881_000_001

const e2e = useE2e({
  env: async () => {
    ;[allowed, other] = await Promise.all([startFramer(), startFramer()])
    return { MINI_APP_FRAME_ANCESTORS: allowed.origin }
  },
})

afterAll(async () => {
  for (const framer of [allowed, other]) await new Promise((resolve) => framer?.server.close(resolve))
})

/** The launch URL Telegram Web gives its iframe: signed init data, the web client's platform in the hash. */
function webLaunchUrl(platform: 'weba' | 'webk', languageCode: 'en' | 'fa'): string {
  const initData = signInitData(
    {
      user: { id: nextTelegramId++, first_name: 'Web', last_name: 'User', language_code: languageCode },
      authDate: Math.floor(Date.now() / 1000),
      startParam: DEMO_REFERRAL_CODE,
    },
    e2e.server.botToken,
  )
  const path = telegramLaunchUrl({
    initData,
    platform,
    version: SIMULATED_CLIENT_VERSION,
    themeParams: themeParamsFor('tdesktop', 'light'),
    startParam: DEMO_REFERRAL_CODE,
  })
  return `${e2e.server.url}${path}`
}

/**
 * Opens the framer's page around `src`; answers the page, its one child frame, and the Content-Security-Policy the
 * server sent with the framed document (the browser's decision is then whether the frame shows it).
 */
async function framed(
  framerOrigin: string,
  src: string,
): Promise<{ page: Page; frame: Frame; csp: () => string }> {
  const context = await e2e.browser.newContext({ viewport: { width: 800, height: 760 } })
  const page = await context.newPage()
  let csp = ''
  page.on('response', (response) => {
    if (response.request().isNavigationRequest() && response.frame() !== page.mainFrame())
      csp = response.headers()['content-security-policy'] ?? ''
  })
  await page.goto(`${framerOrigin}/?src=${encodeURIComponent(src)}`)
  const frame = await (await page.waitForSelector('iframe')).contentFrame()
  if (!frame) throw new Error('no iframe')
  return { page, frame, csp: () => csp }
}

/** Chromium shows its error page in a frame it refused to render: the answer arrived, the policy said no. */
const REFUSED_FRAME_URL = 'chrome-error://chromewebdata/'

describe('framing by Telegram Web', () => {
  it.each(['weba', 'webk'] as const)(
    'an allowed origin frames the mini-app launched as Telegram Web (%s): the platform gate shows',
    async (platform) => {
      const { page, frame, csp } = await framed(allowed.origin, webLaunchUrl(platform, 'en'))
      await expect.poll(() => frame.getByText(GATE_TEXT).isVisible(), { timeout: 15_000 }).toBe(true)
      expect(csp()).toContain(`frame-ancestors 'self' ${allowed.origin}`)
      await screenshot(page, `framed-gate-${platform}`)
      await page.context().close()
    },
  )

  it('the gate shows in Persian too, right to left', async () => {
    const { page, frame } = await framed(allowed.origin, webLaunchUrl('weba', 'fa'))
    const gate = frame.getByTestId('platform-gate')
    await gate.waitFor({ timeout: 15_000 })
    await expect.poll(async () => (await gate.innerText()).trim().length).toBeGreaterThan(0)
    expect(await frame.evaluate(() => document.documentElement.dir)).toBe('rtl')
    await screenshot(page, 'framed-gate-weba-fa')
    await page.context().close()
  })

  it('an origin not in the list is refused', async () => {
    const { page, frame, csp } = await framed(other.origin, webLaunchUrl('weba', 'en'))
    await expect.poll(() => frame.url(), { timeout: 15_000 }).toBe(REFUSED_FRAME_URL)
    expect(csp()).toContain(`frame-ancestors 'self' ${allowed.origin}`)
    expect(csp()).not.toContain(other.origin)
    expect(await frame.getByText(GATE_TEXT).count()).toBe(0)
    await screenshot(page, 'framed-refused-other-origin')
    await page.context().close()
  })

  it('the console is refused, even to the allowed origin', async () => {
    const { page, frame, csp } = await framed(allowed.origin, `${e2e.server.url}/console/`)
    await expect.poll(() => frame.url(), { timeout: 15_000 }).toBe(REFUSED_FRAME_URL)
    expect(csp()).toContain("frame-ancestors 'none'")
    expect(await frame.getByRole('button', { name: 'Sign in' }).count()).toBe(0)
    await page.context().close()
  })
})
