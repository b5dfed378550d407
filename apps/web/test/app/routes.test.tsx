import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { type FakeServer, installFakeServer, json } from '#test-helpers/fake-server.ts'
import { channelStatusFixture, dashboardFixture } from '#test-helpers/fixtures.ts'
import { ADA, buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp, storeTokensFor } from '#test-helpers/render-app.tsx'
import { installFakeTelegram } from '#test-helpers/telegram-bridge.ts'

function signedIn(server: FakeServer) {
  storeTokensFor(ADA.id)
  server.on('GET', '/dashboard', () => json(dashboardFixture()))
  server.on('GET', '/dashboard/channel-status', () => json(channelStatusFixture()))
  server.on('GET', '/news', () => json({ items: [], nextPage: null, previousPage: null }))
}

describe('routes', () => {
  it('unknown paths show the 404 page with a way home', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    signedIn(server)
    const { user } = renderApp(buildLaunchUrl({ path: '/no/such/page' }).url)

    expect(await screen.findByRole('heading', { name: '404 Page not found!' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Back to home' }))
    expect(await screen.findByText('v0.10.0')).toBeInTheDocument()
    expect(window.location.pathname).toBe('/')
  })

  it.each([
    ['/login', 'Login'],
    ['/register', 'Create an account'],
    ['/email-verification-confirm', 'Confirm your email'],
    ['/password-reset-request', 'Reset password'],
  ])('%s is public and titled %s', async (path, title) => {
    installFakeTelegram()
    installFakeServer()
    renderApp(buildLaunchUrl({ path }).url)

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
  })

  it('the phone screen is titled Login Account when navigated to for a login', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    signedIn(server)
    renderApp(buildLaunchUrl({ path: '/accounts/submit-account-phone' }).url, {
      navigationState: { type: 'login' },
    })

    expect(await screen.findByRole('heading', { level: 1, name: 'Login Account' })).toBeInTheDocument()
  })

  it('/accounts opens the pending tab', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    signedIn(server)
    renderApp(buildLaunchUrl({ path: '/accounts' }).url)

    const pending = await screen.findByRole('tab', { name: 'Pending' })
    await waitFor(() => expect(pending).toHaveAttribute('aria-selected', 'true'))
    expect(screen.getByRole('tab', { name: 'Accepted' })).toHaveAttribute('aria-selected', 'false')
    expect(window.location.pathname).toBe('/accounts/pending')
  })

  it("news says there's none", async () => {
    installFakeTelegram()
    const server = installFakeServer()
    signedIn(server)
    renderApp(buildLaunchUrl({ path: '/news' }).url)

    expect(await screen.findByText("There's no news at the moment.")).toBeInTheDocument()
  })

  it('protected screens send a user without tokens to authorization first', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    server.on('POST', '/auth/telegram/authorize', () => new Promise<Response>(() => {}))
    renderApp(buildLaunchUrl({ path: '/invoices' }).url)

    expect(await screen.findByText('Authorizing')).toBeInTheDocument()
    expect(window.location.pathname).toBe('/telegram-auth')
  })

  it('shows the native back button off home and goes back when Telegram reports a press', async () => {
    const telegram = installFakeTelegram()
    const server = installFakeServer()
    signedIn(server)
    const { user } = renderApp(buildLaunchUrl({ version: '8.0' }).url)

    await user.click(await screen.findByRole('link', { name: /Withdraw Money/ }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument()
    // The button is set up by an effect after the screen renders: a loaded machine gets there later.
    await waitFor(() =>
      expect(telegram.posted('web_app_setup_back_button').at(-1)).toEqual({ is_visible: true }),
    )

    telegram.emit('back_button_pressed')
    expect(await screen.findByText('v0.10.0')).toBeInTheDocument()
    await waitFor(() =>
      expect(telegram.posted('web_app_setup_back_button').at(-1)).toEqual({ is_visible: false }),
    )
  })

  it('the back button leads home when the app was opened on a deep link', async () => {
    const telegram = installFakeTelegram()
    const server = installFakeServer()
    signedIn(server)
    renderApp(buildLaunchUrl({ path: '/news', version: '8.0' }).url)

    await screen.findByText("There's no news at the moment.")
    telegram.emit('back_button_pressed')
    expect(await screen.findByText('v0.10.0')).toBeInTheDocument()
  })

  it('opens the screen a notification names in its start parameter, once, after sign-in', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    signedIn(server)
    const invoiceUid = '0b0e6a8e-5f6d-4c1e-9a53-3f0c2d1e9999'
    // The invoice stays loading: this test is about where the launch leads, not about the invoice.
    server.on('GET', `/invoices/${invoiceUid}`, () => new Promise<Response>(() => {}))
    renderApp(buildLaunchUrl({ startParam: `go_i_${invoiceUid}` }).url)
    expect(await screen.findByTestId('invoice-loading')).toBeInTheDocument()
    expect(window.location.pathname).toBe(`/invoices/${invoiceUid}`)
  })

  it('opens the Accepted tab for the bot’s message about several accepted accounts (go_accepted)', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    signedIn(server)
    // The list stays loading: this test is about where the launch leads.
    server.on('GET', '/accounts', () => new Promise<Response>(() => {}))
    renderApp(buildLaunchUrl({ startParam: 'go_accepted' }).url)
    await waitFor(() => expect(window.location.pathname).toBe('/accounts/accepted'))
  })

  it('tells the server the language of this launch once, with the stored tokens (the bot writes in it)', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    signedIn(server)
    server.on('PUT', '/me/language', () => new Response(null, { status: 204 }))
    const { user } = renderApp(buildLaunchUrl({ user: { ...ADA, language_code: 'fa' } }).url)
    expect(await screen.findByText('v0.10.0')).toBeInTheDocument()
    await waitFor(() => expect(server.callsTo('PUT', '/me/language')).toHaveLength(1))
    const [told] = server.callsTo('PUT', '/me/language')
    expect(told?.body).toEqual({ language: 'fa' })
    expect(told?.headers.get('authorization')).toBe('Bearer access-1')
    // Moving around the app tells it no more.
    await user.click(await screen.findByTestId('dashboard-news'))
    await waitFor(() => expect(window.location.pathname).toBe('/news'))
    await waitFor(() => expect(server.callsTo('GET', '/news')).not.toHaveLength(0))
    expect(server.callsTo('PUT', '/me/language')).toHaveLength(1)
  })

  it('stays home when the start parameter is a referral code', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    signedIn(server)
    renderApp(buildLaunchUrl({ startParam: 'S4S3JANTRE' }).url)
    expect(await screen.findByText('v0.10.0')).toBeInTheDocument()
    expect(window.location.pathname).toBe('/')
  })
})
