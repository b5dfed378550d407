/**
 * The banners above every screen (docs/web.md, 'Poor network' and 'Sandbox banner'): offline and unreachable,
 * recovery by itself when the server answers again, and the sandbox notice; English and Persian.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { StatusBanners } from '#app/status-banners.tsx'
import { resetFlows } from '#features/account-submission/flow-store.ts'
import { noteAnswer, noteNetworkFailure } from '#lib/network-status.ts'
import { I18nProvider } from '#lib/use-translation.tsx'
import { json } from '#test-helpers/fake-server.ts'
import { accountPage, channelStatusFixture, dashboardFixture } from '#test-helpers/fixtures.ts'
import { createTestI18n } from '#test-helpers/i18n.ts'
import { ADA, buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp } from '#test-helpers/render-app.tsx'
import { signedIn } from '#test-helpers/signed-in.ts'

function renderBanners(language: 'en' | 'fa' = 'en') {
  return render(
    <I18nProvider i18n={createTestI18n(language)}>
      <StatusBanners />
    </I18nProvider>,
  )
}

const sandboxAnswer = () => new Response('{}', { headers: { 'x-sandbox': 'on' } })

describe('status banners', () => {
  it('shows nothing while all is well, in an empty live region', () => {
    const { container } = renderBanners()
    expect(container.querySelector('[aria-live="polite"]')).toBeEmptyDOMElement()
  })

  it('the sandbox notice, once an answer carries it, in English and Persian', () => {
    renderBanners()
    act(() => noteAnswer(new Response('{}')))
    expect(screen.queryByTestId('sandbox-banner')).not.toBeInTheDocument()
    act(() => noteAnswer(sandboxAnswer()))
    expect(screen.getByTestId('sandbox-banner')).toHaveTextContent(
      'Sandbox: accounts are simulated and reach no real provider.',
    )
  })

  it('Persian: the sandbox notice and the offline banner read Persian', () => {
    renderBanners('fa')
    act(() => {
      noteAnswer(sandboxAnswer())
      window.dispatchEvent(new Event('offline'))
    })
    expect(screen.getByTestId('sandbox-banner')).toHaveTextContent('محیط آزمایشی')
    expect(screen.getByTestId('network-banner')).toHaveTextContent('اتصال اینترنت برقرار نیست')
  })

  it('offline and online events show and hide the offline banner', () => {
    renderBanners()
    act(() => window.dispatchEvent(new Event('offline')))
    expect(screen.getByTestId('network-banner')).toHaveTextContent("You're offline. Waiting for the network…")
    act(() => window.dispatchEvent(new Event('online')))
    expect(screen.queryByTestId('network-banner')).not.toBeInTheDocument()
  })

  it('a request without an answer shows the unreachable banner until an answer arrives', () => {
    renderBanners()
    act(() => noteNetworkFailure())
    expect(screen.getByTestId('network-banner')).toHaveTextContent("Can't reach the server. Trying again…")
    act(() => noteAnswer(new Response('{}', { status: 503 })))
    expect(screen.queryByTestId('network-banner')).not.toBeInTheDocument()
  })
})

describe('in the app', () => {
  it('every screen shows the sandbox notice when the server sends it (home here)', async () => {
    const { server } = signedIn()
    server.on('GET', '/dashboard', () => {
      const answer = json(dashboardFixture())
      answer.headers.set('x-sandbox', 'on')
      return answer
    })
    renderApp(buildLaunchUrl().url)
    expect(await screen.findByTestId('dashboard')).toBeInTheDocument()
    expect(await screen.findByTestId('sandbox-banner')).toBeInTheDocument()
  })

  it('the server drops out: the banner shows, /readyz is asked, and when it answers home loads by itself', async () => {
    const { server } = signedIn()
    let down = true
    server.on('GET', '/dashboard', () => {
      if (down) throw new TypeError('Failed to fetch')
      return json(dashboardFixture())
    })
    server.on('GET', '/dashboard/channel-status', () => {
      if (down) throw new TypeError('Failed to fetch')
      return json(channelStatusFixture())
    })
    server.on('GET', '/readyz', () => {
      if (down) throw new TypeError('Failed to fetch')
      return json({ status: 'ok' })
    })
    // The launch tells the server its language: with the server gone that gets no answer either (an answer of any
    // kind, the fake's 404, would end the outage).
    server.on('PUT', '/me/language', () => {
      if (down) throw new TypeError('Failed to fetch')
      return new Response(null, { status: 204 })
    })
    renderApp(buildLaunchUrl().url)
    expect(await screen.findByTestId('network-banner')).toHaveTextContent("Can't reach the server")
    const dashboardCalls = server.callsTo('GET', '/dashboard').length
    down = false
    // The probe runs 1 s after the failure (then 2 s, 4 s...); its answer ends the outage and refetches home.
    await waitFor(() => expect(screen.queryByTestId('network-banner')).not.toBeInTheDocument(), {
      timeout: 4000,
    })
    expect(server.callsTo('GET', '/readyz').length).toBeGreaterThan(0)
    await waitFor(() => expect(server.callsTo('GET', '/dashboard').length).toBeGreaterThan(dashboardCalls))
    expect(await screen.findByText('12.50 USDT')).toBeInTheDocument()
  }, 15_000)
})

/** The server's answer while its database is away (docs/resilience.md, 'Outages'). */
const outageAnswer = () =>
  new Response(
    JSON.stringify({
      statusCode: 503,
      code: 'TEMPORARILY_UNAVAILABLE',
      message: 'The service is temporarily unavailable; try again shortly',
      details: { wait: 1 },
    }),
    { status: 503, headers: { 'Content-Type': 'application/json', 'Retry-After': '1' } },
  )

describe('the server cannot serve (its database is away)', () => {
  it.each([
    ['en', 'Temporarily unavailable. Retrying…'],
    ['fa', 'موقتاً در دسترس نیست. در حال تلاش دوباره…'],
  ] as const)(
    '%s: the banner says so, /readyz is asked, and home loads by itself',
    async (language, text) => {
      const { server } = signedIn()
      let down = true
      server.on('GET', '/dashboard', () => (down ? outageAnswer() : json(dashboardFixture())))
      server.on('GET', '/dashboard/channel-status', () =>
        down ? outageAnswer() : json(channelStatusFixture()),
      )
      server.on('GET', '/readyz', () =>
        down ? json({ status: 'unavailable', database: 'unreachable' }, 503) : json({ status: 'ok' }),
      )
      renderApp(buildLaunchUrl({ user: { ...ADA, language_code: language } }).url)
      expect(await screen.findByTestId('network-banner')).toHaveTextContent(text)
      // The call itself is sent again after the Retry-After, by the client, without the user.
      await waitFor(() => expect(server.callsTo('GET', '/dashboard').length).toBeGreaterThan(1), {
        timeout: 4000,
      })
      down = false
      await waitFor(() => expect(screen.queryByTestId('network-banner')).not.toBeInTheDocument(), {
        timeout: 6000,
      })
      expect(server.callsTo('GET', '/readyz').length).toBeGreaterThan(0)
      expect(await screen.findByTestId('dashboard')).toBeInTheDocument()
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    },
  )

  it('a submission is sent again by itself with the same Idempotency-Key, and goes through', async () => {
    const { server } = signedIn()
    server.on('GET', '/accounts', () => json(accountPage([])))
    let outageAnswers = 2
    server.on('POST', '/telegram/submit-account-phone', () => {
      if (outageAnswers-- > 0) return outageAnswer()
      const sentCodeInfo = { codeType: 'app', nextType: 'sms', length: 5, timeout: 60 }
      return json({ sentCodeInfo, phone: '+447700900123', formattedPhone: '+44 7700 900123' })
    })
    server.on('GET', '/readyz', () => json({ status: 'ok' }))
    const { user } = renderApp(buildLaunchUrl({ path: '/accounts/submit-account-phone' }).url, {
      navigationState: { type: 'login' },
    })
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '+447700900123')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(server.callsTo('POST', '/telegram/submit-account-phone')).toHaveLength(3), {
      timeout: 6000,
    })
    const keys = server
      .callsTo('POST', '/telegram/submit-account-phone')
      .map((call) => call.headers.get('Idempotency-Key'))
    expect(new Set(keys).size).toBe(1)
    expect(keys[0]).toBeTruthy()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  }, 15_000)
})

describe('a submission that fails on the network', () => {
  afterEach(resetFlows)

  it('keeps what was typed and is sent again with the same Idempotency-Key', async () => {
    const { server } = signedIn()
    server.on('GET', '/accounts', () => json(accountPage([])))
    let answered = false
    server.on('POST', '/telegram/submit-account-phone', () => {
      if (!answered) {
        answered = true
        throw new TypeError('Failed to fetch')
      }
      const sentCodeInfo = { codeType: 'app', nextType: 'sms', length: 5, timeout: 60 }
      return json({ sentCodeInfo, phone: '+447700900123', formattedPhone: '+44 7700 900123' })
    })
    const { user } = renderApp(buildLaunchUrl({ path: '/accounts/submit-account-phone' }).url, {
      navigationState: { type: 'login' },
    })
    const input = await screen.findByRole('textbox', { name: 'Phone number' })
    await user.type(input, '+447700900123')
    await user.click(screen.getByRole('button', { name: 'Next' }))

    const dialog = await screen.findByRole('alertdialog', { name: 'Error' })
    expect(dialog).toHaveTextContent('Unknown error!')
    expect(screen.getByTestId('network-banner')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }))
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('+447700900123')

    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter code' })).toBeInTheDocument()
    const [first, again] = server.callsTo('POST', '/telegram/submit-account-phone')
    expect(first?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/)
    expect(again?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'))
    expect(again?.body).toEqual(first?.body)
  })
})
