import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiError, type FakeServer, installFakeServer, json } from '#test-helpers/fake-server.ts'
import { channelStatusFixture, dashboardFixture, FRESH_TOKENS } from '#test-helpers/fixtures.ts'
import { ADA, buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp, storeTokensFor } from '#test-helpers/render-app.tsx'
import { installFakeTelegram } from '#test-helpers/telegram-bridge.ts'

/** index.html's inline script, the one that sends home's calls while the code downloads. */
const INLINE_SCRIPT = (() => {
  const html = readFileSync(fileURLToPath(import.meta.resolve('../../index.html')), 'utf8')
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body = '']) => body)
  const script = scripts.find((body) => body.includes('__bootCalls'))
  if (!script) throw new Error('index.html has no boot calls script')
  return script
})()

/** The browser's Paint Timing, told by the test when the first frame with content is on screen. */
function stubPaintTiming() {
  const observing = new Set<FakePaintObserver>()
  class FakePaintObserver {
    static readonly supportedEntryTypes = ['paint']
    readonly callback: PerformanceObserverCallback
    constructor(callback: PerformanceObserverCallback) {
      this.callback = callback
    }
    observe() {
      observing.add(this)
    }
    disconnect() {
      observing.delete(this)
    }
  }
  vi.stubGlobal('PerformanceObserver', FakePaintObserver)
  const entries = { getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{}] : []) }
  return () => {
    for (const observer of [...observing])
      observer.callback(
        entries as unknown as PerformanceObserverEntryList,
        observer as unknown as PerformanceObserver,
      )
  }
}

/**
 * The page loads at `url`: the inline script runs, before any of the app's code, and its calls leave once the first
 * frame is painted (none before).
 */
function loadPage(url: string) {
  window.history.replaceState(null, '', url)
  const paint = stubPaintTiming()
  new Function(INLINE_SCRIPT)()
  expect(window.__bootCalls).toEqual({})
  paint()
}

/** Answers that stay pending until released: the early calls are still in flight when the app starts. */
function held() {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  return { released, release }
}

function homeCalls(server: FakeServer) {
  server.on('GET', '/dashboard', () => json(dashboardFixture()))
  server.on('GET', '/dashboard/channel-status', () => json(channelStatusFixture()))
  server.on('PUT', '/me/language', () => new Response(null, { status: 204 }))
}

const sent = (server: FakeServer) => server.calls.map((call) => `${call.method} ${call.path}`)

afterEach(() => {
  delete window.__bootCalls
  delete (window as { __afterPaint?: unknown }).__afterPaint
  vi.unstubAllGlobals()
})

describe("index.html's early calls", () => {
  it('a first launch signs in before the code runs, then asks for home; the app asks for neither again', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    const answer = held()
    server.on('POST', '/auth/telegram/authorize', async () => {
      await answer.released
      return json(FRESH_TOKENS)
    })
    homeCalls(server)
    const { url, initData } = buildLaunchUrl({ platform: 'android', startParam: 'ref-code-1' })

    loadPage(url)
    expect(sent(server)).toEqual(['POST /auth/telegram/authorize'])
    expect(server.calls[0]?.body).toEqual({ initData, referralCode: 'ref-code-1' })
    renderApp(url)
    answer.release()

    expect(await screen.findByText('12.50 USDT')).toBeInTheDocument()
    await waitFor(() => expect(server.callsTo('PUT', '/me/language')).toHaveLength(1))
    expect(sent(server)).toEqual([
      'POST /auth/telegram/authorize',
      'GET /dashboard',
      'GET /dashboard/channel-status',
      'PUT /me/language',
    ])
    expect(server.callsTo('GET', '/dashboard')[0]?.headers.get('Authorization')).toBe('Bearer access-2')
  })

  it("a returning user's home is asked for with the stored token before the code runs, once", async () => {
    installFakeTelegram()
    const server = installFakeServer()
    storeTokensFor(ADA.id)
    homeCalls(server)
    const { url } = buildLaunchUrl({ platform: 'ios' })

    loadPage(url)
    expect(sent(server)).toEqual(['GET /dashboard', 'GET /dashboard/channel-status'])
    renderApp(url)

    expect(await screen.findByText('12.50 USDT')).toBeInTheDocument()
    await waitFor(() => expect(server.callsTo('PUT', '/me/language')).toHaveLength(1))
    expect(server.callsTo('GET', '/dashboard')).toHaveLength(1)
    expect(server.callsTo('POST', '/auth/telegram/authorize')).toHaveLength(0)
  })

  it('a stale stored token refused early is refreshed by the app, which asks again with the new one', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    storeTokensFor(ADA.id)
    homeCalls(server)
    server.on('GET', '/dashboard', (call) =>
      call.headers.get('Authorization') === 'Bearer access-2'
        ? json(dashboardFixture())
        : apiError(401, 'UNAUTHORIZED'),
    )
    server.on('POST', '/auth/refresh', () => json(FRESH_TOKENS))
    const { url } = buildLaunchUrl({ platform: 'android' })

    loadPage(url)
    renderApp(url)

    expect(await screen.findByText('12.50 USDT')).toBeInTheDocument()
    expect(server.callsTo('GET', '/dashboard').map((call) => call.headers.get('Authorization'))).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ])
    expect(server.callsTo('POST', '/auth/refresh')).toHaveLength(1)
    expect(server.callsTo('POST', '/auth/telegram/authorize')).toHaveLength(0)
  })

  it("a refused early sign-in is the app's answer: no second sign-in, the refusal on screen", async () => {
    installFakeTelegram()
    const server = installFakeServer()
    server.on('POST', '/auth/telegram/authorize', () => apiError(403, 'USER_BLOCKED'))
    homeCalls(server)
    const { url } = buildLaunchUrl({ platform: 'android' })

    loadPage(url)
    renderApp(url)

    expect(await screen.findByRole('alert')).toHaveTextContent(/blocked/i)
    expect(sent(server)).toEqual(['POST /auth/telegram/authorize'])
  })

  it('an early call lost on the network is sent again by the app', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    let attempts = 0
    server.on('POST', '/auth/telegram/authorize', () => {
      attempts += 1
      if (attempts === 1) throw new TypeError('Failed to fetch')
      return json(FRESH_TOKENS)
    })
    homeCalls(server)
    const { url } = buildLaunchUrl({ platform: 'android' })

    loadPage(url)
    renderApp(url)

    expect(await screen.findByText('12.50 USDT')).toBeInTheDocument()
    expect(server.callsTo('POST', '/auth/telegram/authorize')).toHaveLength(2)
    expect(server.callsTo('GET', '/dashboard')).toHaveLength(1)
  })

  it("another user's stored tokens are not sent: the launch signs in", async () => {
    installFakeTelegram()
    const server = installFakeServer()
    storeTokensFor(ADA.id + 1)
    server.on('POST', '/auth/telegram/authorize', () => new Promise<Response>(() => {}))
    const { url } = buildLaunchUrl({ platform: 'android' })

    loadPage(url)

    expect(sent(server)).toEqual(['POST /auth/telegram/authorize'])
  })

  it.each([
    ['a plain browser', '/'],
    ['an unsupported platform', buildLaunchUrl({ platform: 'tdesktop' }).url],
    ['another screen', buildLaunchUrl({ platform: 'android', path: '/invoices' }).url],
  ])('%s sends nothing early', (_, url) => {
    const server = installFakeServer()
    storeTokensFor(ADA.id)

    loadPage(url)

    expect(server.calls).toEqual([])
  })

  it('a reload without the hash finds the launch where the app keeps it', () => {
    const server = installFakeServer()
    storeTokensFor(ADA.id)
    const { url } = buildLaunchUrl({ platform: 'android' })
    sessionStorage.setItem('app.launchParams', new URL(url, 'http://x').hash.slice(1))

    loadPage('/')

    expect(sent(server)).toEqual(['GET /dashboard', 'GET /dashboard/channel-status'])
  })
})
