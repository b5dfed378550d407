import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core'
import { recordContext } from './secrets-recorder.ts'
import {
  fakeTelegramClientScript,
  type LaunchOptions,
  type RecordedEvent,
  telegramLaunch,
} from './telegram.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
export const SCREENSHOTS = join(root, 'test-output/e2e')

/**
 * Debian's Chromium as root in this sandbox: no sandbox and no GPU, and none of the background connections a
 * closed network refuses (many at a time, slowing every start). Lighthouse's bench launches with the same.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Debian's `chromium-headless-shell` when installed: the same Blink without the full browser around it, as
 * Playwright's own headless default: the browser-heaviest files take a third less CPU (docs/measurements/ci.md).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

const CHROMIUM_LAUNCH = {
  executablePath:
    process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  headless: true,
  args: CHROMIUM_FLAGS,
}

/** Every context records the secrets its pages send and receive, for the secrets scan after the run. */
function recording(browser: Browser): Browser {
  mkdirSync(SCREENSHOTS, { recursive: true })
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (...args) => recordContext(await newContext(...args))
  return browser
}

let launched: Promise<Browser> | undefined

/**
 * The worker's Chromium: launched for its first file and kept for the later ones (a worker runs its files one after
 * another), so a file closes its contexts, never the browser. It goes with the worker: Chromium quits when its pipe
 * to Playwright closes. Per worker rather than one per run: a browser shared over a WebSocket relayed every
 * protocol message through Vitest's main process (docs/measurements/ci.md).
 */
export async function workerBrowser(): Promise<Browser> {
  if (launched && !(await launched).isConnected()) launched = undefined
  launched ??= chromium.launch(CHROMIUM_LAUNCH).then(recording)
  return launched
}

/** What a file opened in the worker's browser, closed: its contexts and their pages. */
export async function closeContexts(browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((context) => context.close()))
}

/** The phone the tests hold: 390x844 (the narrow-screen tests pass 360 wide too). */
export const PHONE_VIEWPORT = { width: 390, height: 844 }
/**
 * Pixel density: 1 by default. Layout is in CSS pixels either way; at 2 (a real phone's, `E2E_DEVICE_SCALE=2` for
 * sharper screenshots) Chromium rasterises four times the pixels, and the suite takes a quarter more CPU.
 */
export const PHONE_SCALE = Number(process.env.E2E_DEVICE_SCALE ?? 1)

/** A phone's browser context: its screen, pixel density and touch. */
export const PHONE: BrowserContextOptions = {
  viewport: PHONE_VIEWPORT,
  deviceScaleFactor: PHONE_SCALE,
  isMobile: true,
  hasTouch: true,
}

/**
 * A phone-sized page (390x844 unless told) with the fake Telegram client of the chosen platform installed.
 * `contextOptions`: more of the browser context's (the deployment test's self-signed certificate).
 */
export async function openMiniApp(
  browser: Browser,
  server: { url: string; botToken: string },
  options: LaunchOptions,
  viewport = PHONE_VIEWPORT,
  contextOptions: BrowserContextOptions = {},
) {
  const context = await browser.newContext({
    ...contextOptions,
    ...PHONE,
    viewport,
    locale: options.user.languageCode === 'fa' ? 'fa-IR' : 'en-US',
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  const launch = telegramLaunch(server.url, server.botToken, options)
  await page.addInitScript(fakeTelegramClientScript(launch.themeParams))
  await page.goto(launch.url)
  return { page, context, errors }
}

/** Moves inside the app, as one of its links would (a launch always ends on home, as the spec says). */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

export async function telegramEvents(page: Page): Promise<RecordedEvent[]> {
  return page.evaluate(() => (window as unknown as { __telegramEvents: RecordedEvent[] }).__telegramEvents)
}

/** Delivers an event from the fake client to the app, as Telegram does. */
export async function sendTelegramEvent(page: Page, type: string, data?: unknown): Promise<void> {
  await page.evaluate(
    ([eventType, eventData]) => {
      const w = window as unknown as {
        Telegram?: { WebView?: { receiveEvent?: (t: unknown, d: unknown) => void } }
      }
      w.Telegram?.WebView?.receiveEvent?.(eventType, eventData)
    },
    [type, data] as const,
  )
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) })
}

type PopupEvent = { title?: string; message?: string; buttons?: { id: string; text?: string }[] }

/** The native popups the app asked the client to show, oldest first. */
export async function popups(page: Page): Promise<PopupEvent[]> {
  return (await telegramEvents(page))
    .filter((event) => event.type === 'web_app_open_popup')
    .map((event) => (event.data ?? {}) as PopupEvent)
}

/**
 * Waits for a native popup with this title (null: any) and presses one of its buttons (the first by default),
 * as the user would in Telegram. Answers the popup's message.
 */
export async function answerPopup(page: Page, title: string | null, buttonText?: string): Promise<string> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const found = (await popups(page)).findLast((popup) => title === null || popup.title === title)
    if (found) {
      const button = found.buttons?.find((b) => buttonText === undefined || b.text === buttonText)
      // Forgotten before it closes: a popup the app opens next (a fast failure) must not be cleared with it.
      await page.evaluate(() => {
        const w = window as unknown as { __telegramEvents: RecordedEvent[] }
        w.__telegramEvents = w.__telegramEvents.filter((event) => event.type !== 'web_app_open_popup')
      })
      await sendTelegramEvent(page, 'popup_closed', { button_id: button?.id ?? '' })
      return found.message ?? ''
    }
    if (Date.now() > deadline) throw new Error(`no popup titled ${title}`)
    await page.waitForTimeout(100)
  }
}
