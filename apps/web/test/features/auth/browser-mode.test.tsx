import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiError, installFakeServer, json } from '#test-helpers/fake-server.ts'
import { dashboardFixture, FRESH_TOKENS, TOKENS } from '#test-helpers/fixtures.ts'
import { ADA, buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp, storeTokensFor } from '#test-helpers/render-app.tsx'
import { signedIn } from '#test-helpers/signed-in.ts'
import { installFakeTelegram } from '#test-helpers/telegram-bridge.ts'
import { EMAIL, fill, inBrowser, PASSWORD, serveHome } from './email-auth-helpers.ts'

const GATE_TEXT = 'This Mini App is currently only available on iOS and Android devices.'

/** Tokens as a plain browser keeps them after POST /auth/login. */
const storeBrowserTokens = (tokens = TOKENS) =>
  localStorage.setItem('app.auth.browser', JSON.stringify({ ...tokens, telegramUserId: 'browser' }))

describe('outside Telegram (a plain browser, no launch parameters)', () => {
  it('opens on /login instead of the platform gate, and never tries Telegram authorization', async () => {
    const { server } = inBrowser('/')
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/login')
    expect(screen.queryByText(GATE_TEXT, { exact: false })).not.toBeInTheDocument()
    expect(screen.queryByTestId('page-back')).not.toBeInTheDocument()
    expect(server.callsTo('POST', '/auth/telegram/authorize')).toHaveLength(0)
  })

  it('/telegram-auth leads to /login too', async () => {
    inBrowser('/telegram-auth')
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
  })

  it('after login: home shows the sign-in email, screens have a back arrow, Log out ends the session and returns to /login', async () => {
    const { user, server } = inBrowser('/login')
    server.on('POST', '/auth/login', () => json(TOKENS))
    server.on('POST', '/auth/logout', () => new Response(null, { status: 204 }))
    server.on('GET', '/invoices', () => json({ items: [], nextPage: null, previousPage: null }))
    await screen.findByTestId('login')
    await fill(user, { Email: EMAIL, Password: PASSWORD })
    await user.click(screen.getByTestId('login-submit'))

    expect(await screen.findByText(EMAIL)).toBeInTheDocument()
    expect(screen.getByText('Signed in with email')).toBeInTheDocument()
    expect(screen.queryByTestId('page-back')).not.toBeInTheDocument()

    await user.click(screen.getByRole('link', { name: /Withdraw Money/ }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument()
    await user.click(screen.getByTestId('page-back'))
    expect(await screen.findByTestId('user-card')).toBeInTheDocument()
    expect(window.location.pathname).toBe('/')

    await user.click(screen.getByTestId('user-card-logout'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(localStorage.getItem('app.auth.browser')).toBeNull()
    // The server revokes the session's refresh token (issue 37): a copy of it no longer works.
    await waitFor(() => expect(server.callsTo('POST', '/auth/logout')).toHaveLength(1))
    const [logout] = server.callsTo('POST', '/auth/logout')
    expect(logout?.headers.get('Authorization')).toBe(`Bearer ${TOKENS.refreshToken}`)
  })

  it('a deep link opened signed in goes back home with the arrow', async () => {
    storeBrowserTokens()
    const { user } = inBrowser('/register')
    await screen.findByTestId('register')
    await user.click(screen.getByTestId('page-back'))
    expect(await screen.findByText(EMAIL)).toBeInTheDocument()
  })

  it('the 401 refresh keeps working for the email session', async () => {
    storeBrowserTokens()
    const server = installFakeServer()
    serveHome(server)
    const fixture = dashboardFixture()
    let dashboardCalls = 0
    server.on('GET', '/dashboard', () => {
      dashboardCalls += 1
      return dashboardCalls === 1
        ? apiError(401, 'UNAUTHORIZED')
        : json({ ...fixture, user: { ...fixture.user, email: EMAIL }, news: { unseenCount: 0 } })
    })
    server.on('POST', '/auth/refresh', () => json(FRESH_TOKENS))
    renderApp('/')

    expect(await screen.findByText(EMAIL)).toBeInTheDocument()
    const [refresh] = server.callsTo('POST', '/auth/refresh')
    expect(refresh?.headers.get('Authorization')).toBe(`Bearer ${TOKENS.refreshToken}`)
    expect(server.callsTo('GET', '/dashboard')[1]?.headers.get('Authorization')).toBe(
      `Bearer ${FRESH_TOKENS.accessToken}`,
    )
    expect(JSON.parse(localStorage.getItem('app.auth.browser') ?? 'null')).toEqual({
      ...FRESH_TOKENS,
      telegramUserId: 'browser',
    })
  })

  it('a failed refresh ends the email session on /login', async () => {
    storeBrowserTokens()
    const server = installFakeServer()
    server.on('GET', '/dashboard', () => apiError(401, 'UNAUTHORIZED'))
    server.on('GET', '/dashboard/channel-status', () => apiError(401, 'UNAUTHORIZED'))
    server.on('POST', '/auth/refresh', () => apiError(401, 'UNAUTHORIZED'))
    renderApp('/')
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(localStorage.getItem('app.auth.browser')).toBeNull()
  })

  it("a Telegram session and a browser session in one origin don't discard each other", async () => {
    storeTokensFor(ADA.id)
    storeBrowserTokens()
    inBrowser('/')
    expect(await screen.findByTestId('user-card-email')).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('app.auth') ?? 'null')).toMatchObject({ telegramUserId: ADA.id })
  })
})

describe('inside Telegram nothing changed', () => {
  it('the gate still refuses other platforms with the spec text', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    renderApp(buildLaunchUrl({ platform: 'tdesktop', path: '/login' }).url)
    expect(await screen.findByText(GATE_TEXT, { exact: false })).toBeInTheDocument()
    expect(server.calls).toHaveLength(0)
  })

  it('without tokens the guard goes to Telegram authorization, not /login', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    server.on('POST', '/auth/telegram/authorize', () => new Promise<Response>(() => {}))
    renderApp(buildLaunchUrl({ path: '/' }).url)
    expect(await screen.findByText('Authorizing')).toBeInTheDocument()
    expect(window.location.pathname).toBe('/telegram-auth')
  })

  it("home keeps Telegram's name, no email and no Log out; screens draw no back arrow", async () => {
    const { telegram, server } = signedIn()
    server.on('GET', '/invoices', () => json({ items: [], nextPage: null, previousPage: null }))
    const { user } = renderApp(buildLaunchUrl({ path: '/', version: '8.0' }).url)
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument()
    expect(screen.queryByTestId('user-card-logout')).not.toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: /Withdraw Money/ }))
    await screen.findByRole('heading', { level: 1, name: 'Invoices' })
    expect(screen.queryByTestId('page-back')).not.toBeInTheDocument()
    await waitFor(() =>
      expect(telegram.posted('web_app_setup_back_button')).toContainEqual({ is_visible: true }),
    )
  })
})
