/**
 * One end-to-end file's set-up: a server started in `beforeAll` (with the file's environment, database and operator
 * settings) and stopped in `afterAll`, and the worker's Chromium (browser.ts `workerBrowser`), whose contexts the
 * file opened are closed after it. Read `e2e.server` and `e2e.browser` inside tests and hooks.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { closeContexts, workerBrowser } from './browser.ts'
import { type RunningServer, type StartOptions, startServer } from './server.ts'

export type E2eOptions = {
  /** The server's environment on top of server.ts's; a function when it needs something started first (SMTP). */
  env?: Record<string, string> | (() => Promise<Record<string, string>>)
  /** On a fresh PostgreSQL database when TEST_DATABASE_URL is set (server.ts `postgres`). */
  postgres?: boolean
  /** Operator settings, put in this order once the server is up (`PUT /ops/settings/<key>`). */
  settings?: Record<string, unknown>
  /** Exchange rates, put after the settings (`PUT /ops/rates/<pair>`). */
  rates?: Record<string, string>
}

/**
 * Payouts open in USDT and toman at the demo toman rate, accounts validated a second after submission and a
 * 1 USDT minimum, so that one accepted account is enough for an invoice.
 */
export const PAYMENTS_OPEN = {
  settings: {
    validation_delay_seconds: 1,
    min_payment_limit: '1',
    payment_open: true,
    toman_payment_open: true,
  },
  rates: { USDTIRT: '98500' },
} satisfies E2eOptions

export type E2e = {
  readonly server: RunningServer
  readonly browser: Browser
  /** After `server.kill()`: the same server started again on its port and data (a crash and restart). */
  restart(): Promise<RunningServer>
}

/** Registers the file's `beforeAll`/`afterAll`; call it at the top of a test file. */
export function useE2e(options: E2eOptions = {}): E2e {
  let server: RunningServer | undefined
  let browser: Browser | undefined
  let env: Record<string, string> = {}
  beforeAll(async () => {
    env = typeof options.env === 'function' ? await options.env() : (options.env ?? {})
    const start: StartOptions = options.postgres ? { postgres: true } : {}
    ;[server, browser] = await Promise.all([startServer(env, start), workerBrowser()])
    for (const [key, value] of Object.entries(options.settings ?? {}))
      await server.ops('PUT', `/settings/${key}`, { value })
    for (const [pair, price] of Object.entries(options.rates ?? {}))
      await server.ops('PUT', `/rates/${pair}`, { price })
  })
  afterAll(async () => {
    if (browser) await closeContexts(browser)
    await server?.stop()
  })
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the e2e ${what} is not ready (use it inside tests and hooks)`)
    return value
  }
  return {
    get server() {
      return ready(server, 'server')
    },
    get browser() {
      return ready(browser, 'browser')
    },
    async restart() {
      server = await startServer(env, ready(server, 'server').restartOptions)
      return server
    },
  }
}
