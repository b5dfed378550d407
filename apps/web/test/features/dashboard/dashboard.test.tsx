import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiError, type FakeServer, installFakeServer, json } from '#test-helpers/fake-server.ts'
import { channelStatusFixture, dashboardFixture, FRESH_TOKENS } from '#test-helpers/fixtures.ts'
import { ADA, buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { serveLocaleFilesLater } from '#test-helpers/locales.ts'
import { renderApp, renderAppLoadingLocales, storeTokensFor } from '#test-helpers/render-app.tsx'
import { installFakeTelegram } from '#test-helpers/telegram-bridge.ts'

function signedInHome(
  server: FakeServer,
  options: { canReferrer?: boolean; channel?: Parameters<typeof channelStatusFixture>[0] } = {},
) {
  storeTokensFor(ADA.id)
  server.on('GET', '/dashboard', () => json(dashboardFixture({ canReferrer: options.canReferrer ?? false })))
  server.on('GET', '/dashboard/channel-status', () => json(channelStatusFixture(options.channel)))
}

describe('dashboard', () => {
  it('shows the Telegram user card, the balance and the version', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    signedInHome(server)
    renderApp(buildLaunchUrl().url)

    const card = await screen.findByRole('region', { name: 'Your Telegram account' })
    expect(within(card).getByText('Ada Lovelace')).toBeInTheDocument()
    expect(card).toHaveTextContent('ID: 4242')
    expect(screen.getByText('v0.10.0')).toBeInTheDocument()
    expect(await screen.findByText('12.50 USDT')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Withdraw Money/ })).toHaveAttribute('href', '/invoices')
    expect(screen.getByRole('link', { name: /Send Accounts/ })).toHaveAttribute('href', '/accounts')
  })

  it('hides Referrals from users who may not refer', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    signedInHome(server, { canReferrer: false })
    renderApp(buildLaunchUrl().url)

    await screen.findByText('12.50 USDT')
    expect(screen.queryByRole('link', { name: /Referrals/ })).not.toBeInTheDocument()
  })

  it('shows Referrals to users who may refer', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    signedInHome(server, { canReferrer: true })
    renderApp(buildLaunchUrl().url)

    expect(await screen.findByRole('link', { name: /Referrals/ })).toHaveAttribute('href', '/referrals')
  })

  it("Orders says 'Coming soon...'", async () => {
    installFakeTelegram()
    const server = installFakeServer()
    signedInHome(server)
    const { user } = renderApp(buildLaunchUrl().url)

    await user.click(await screen.findByRole('button', { name: 'Orders' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Coming soon...')
  })

  it('asks users outside the channel to join it (in-app dialog on clients without popups)', async () => {
    // 6.1: links open inside Telegram, native popups arrive only in 6.2.
    const telegram = installFakeTelegram()
    const server = installFakeServer()
    signedInHome(server, { channel: { channelUsername: 'acme_news', isUserJoined: false, prompt: true } })
    const { user } = renderApp(buildLaunchUrl({ version: '6.1' }).url)

    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Join our channel for latest updates')
    await user.click(within(dialog).getByRole('button', { name: 'Join Channel' }))
    expect(telegram.posted('web_app_open_tg_link')).toEqual([{ path_full: '/acme_news' }])
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('on a current client the prompt is a native popup and Join opens the channel inside Telegram', async () => {
    const telegram = installFakeTelegram()
    telegram.answerPopupsWith('join')
    const server = installFakeServer()
    signedInHome(server, { channel: { channelUsername: 'acme_news', isUserJoined: false, prompt: true } })
    renderApp(buildLaunchUrl({ version: '8.0' }).url)

    await waitFor(() =>
      expect(telegram.posted('web_app_open_tg_link')).toEqual([{ path_full: '/acme_news' }]),
    )
    expect(telegram.posted('web_app_open_popup')[0]).toMatchObject({
      message: 'Join our channel for latest updates',
      buttons: [{ id: 'close' }, { id: 'join', text: 'Join Channel' }],
    })
  })

  it('the Channel entry opens the channel', async () => {
    const telegram = installFakeTelegram()
    const server = installFakeServer()
    signedInHome(server, { channel: { channelUsername: 'acme_news', isUserJoined: true } })
    const { user } = renderApp(buildLaunchUrl({ version: '8.0' }).url)

    await user.click(await screen.findByRole('button', { name: /Channel/ }))
    expect(telegram.posted('web_app_open_tg_link')).toEqual([{ path_full: '/acme_news' }])
    expect(telegram.posted('web_app_trigger_haptic_feedback').length).toBeGreaterThan(0)
  })

  it.each([
    ['the user already joined', { channelUsername: 'acme_news', isUserJoined: true }],
    ['no channel is configured', { channelUsername: null, isUserJoined: false }],
  ])('does not prompt when %s', async (_, channel) => {
    installFakeTelegram()
    const server = installFakeServer()
    signedInHome(server, { channel })
    renderApp(buildLaunchUrl().url)

    await screen.findByText('12.50 USDT')
    await waitFor(() => expect(server.callsTo('GET', '/dashboard/channel-status')).toHaveLength(1))
    expect(screen.queryByText('Join our channel for latest updates')).not.toBeInTheDocument()
  })

  it('shows an error with a retry when the dashboard fails, and recovers', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    storeTokensFor(ADA.id)
    let attempts = 0
    server.on('GET', '/dashboard', () => {
      attempts += 1
      return attempts === 1 ? apiError(500, 'INTERNAL_ERROR') : json(dashboardFixture())
    })
    server.on('GET', '/dashboard/channel-status', () => json(channelStatusFixture()))
    const { user } = renderApp(buildLaunchUrl().url)

    expect(await screen.findByText('Could not load your dashboard')).toBeInTheDocument()
    expect(attempts).toBe(1)
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('12.50 USDT')).toBeInTheDocument()
  })

  // Home's calls are not read with their schemas (the server checks its answers before they leave: docs/web.md,
  // 'First screen'); an answer that is not the API's, such as a captive portal's page, is still an error state.
  it('a dashboard answer that is not JSON is an error state', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    storeTokensFor(ADA.id)
    server.on(
      'GET',
      '/dashboard',
      () =>
        new Response('<!doctype html><p>Sign in to the Wi-Fi</p>', {
          headers: { 'Content-Type': 'text/html' },
        }),
    )
    server.on('GET', '/dashboard/channel-status', () => json(channelStatusFixture()))
    renderApp(buildLaunchUrl().url)

    expect(await screen.findByText('Could not load your dashboard')).toBeInTheDocument()
  })

  it('refreshes an expired access token without the user noticing', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    storeTokensFor(ADA.id)
    server.on('GET', '/dashboard', (call) =>
      call.headers.get('Authorization') === 'Bearer access-2'
        ? json(dashboardFixture())
        : apiError(401, 'UNAUTHORIZED'),
    )
    server.on('GET', '/dashboard/channel-status', (call) =>
      call.headers.get('Authorization') === 'Bearer access-2'
        ? json(channelStatusFixture())
        : apiError(401, 'UNAUTHORIZED'),
    )
    server.on('POST', '/auth/refresh', () => json(FRESH_TOKENS))
    renderApp(buildLaunchUrl().url)

    expect(await screen.findByText('12.50 USDT')).toBeInTheDocument()
    expect(server.callsTo('POST', '/auth/refresh')).toHaveLength(1)
  })

  it('goes back to authorization when the session cannot be refreshed', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    storeTokensFor(ADA.id)
    server.on('GET', '/dashboard', () => apiError(401, 'UNAUTHORIZED'))
    server.on('GET', '/dashboard/channel-status', () => apiError(401, 'UNAUTHORIZED'))
    server.on('POST', '/auth/refresh', () => apiError(401, 'UNAUTHORIZED'))
    server.on('POST', '/auth/telegram/authorize', () => new Promise<Response>(() => {}))
    renderApp(buildLaunchUrl().url)

    expect(await screen.findByText('Authorizing')).toBeInTheDocument()
    expect(window.location.pathname).toBe('/telegram-auth')
    expect(localStorage.getItem('app.auth')).toBeNull()
  })

  it('asks for the dashboard at once, beside the locale files, and paints it whole when both are there', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    const releaseLocales = serveLocaleFilesLater(server)
    signedInHome(server, { canReferrer: true })
    renderAppLoadingLocales(buildLaunchUrl().url)

    await waitFor(() => expect(server.callsTo('GET', '/dashboard')).toHaveLength(1))
    expect(server.callsTo('GET', '/dashboard/channel-status')).toHaveLength(1)
    expect(screen.queryByRole('region', { name: 'Your Telegram account' })).not.toBeInTheDocument()
    releaseLocales()
    // The answer came first: the screen's first paint already has the balance and the Referrals entry.
    expect(await screen.findByRole('link', { name: /Referrals/ })).toBeInTheDocument()
    expect(screen.getByText('12.50 USDT')).toBeInTheDocument()
    expect(server.callsTo('GET', '/dashboard')).toHaveLength(1)
  })
})
