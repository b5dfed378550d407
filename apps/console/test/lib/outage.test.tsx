/**
 * The server's outage in the console (lib/outage.ts, docs/resilience.md 'Outages'): a call answered 503 with
 * Retry-After is sent again by itself, the banner says 'temporarily unavailable, retrying' meanwhile (in Persian
 * for a Persian browser), and goes once the server serves again.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { App } from '#app'
import { fakeApi } from '#test-helpers/test-harness.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const outage = () =>
  new Response(
    JSON.stringify({
      statusCode: 503,
      code: 'TEMPORARILY_UNAVAILABLE',
      message: 'The service is temporarily unavailable; try again shortly',
      details: { wait: 1 },
    }),
    { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '1' } },
  )

describe('an outage', () => {
  it.each([
    ['en-GB', 'Temporarily unavailable. Retrying…', 'ltr'],
    ['fa-IR', 'موقتاً در دسترس نیست. در حال تلاش دوباره…', 'rtl'],
  ])(
    '%s: the banner shows while the server cannot serve, the call is sent again, then the console shows',
    async (language, text, dir) => {
      vi.stubGlobal('navigator', { ...navigator, language })
      let outageAnswers = 2
      const calls = fakeApi({
        'GET /ops/session': () =>
          outageAnswers-- > 0 ? outage() : { login: 'sara', role: 'viewer', csrfToken: 'c', expiresAt: 1 },
        'GET /readyz': () => ({ status: 'ok' }),
      })
      window.history.pushState({}, '', '/console/nowhere')
      render(<App />)
      const banner = await screen.findByText(text)
      expect(banner.getAttribute('dir')).toBe(dir)
      await screen.findByText('No such page.', {}, { timeout: 6000 })
      await waitFor(() => expect(screen.queryByText(text)).toBeNull())
      expect(calls.filter((call) => call.url.pathname === '/ops/session').length).toBe(3)
    },
  )
})
