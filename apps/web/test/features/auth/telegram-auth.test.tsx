import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiError, installFakeServer, json } from '#test-helpers/fake-server.ts'
import { channelStatusFixture, dashboardFixture, TOKENS } from '#test-helpers/fixtures.ts'
import { ADA, buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { serveLocaleFilesLater } from '#test-helpers/locales.ts'
import { renderApp, renderAppLoadingLocales, storeTokensFor } from '#test-helpers/render-app.tsx'
import { installFakeTelegram } from '#test-helpers/telegram-bridge.ts'

function serveHome(server: ReturnType<typeof installFakeServer>) {
  server.on('GET', '/dashboard', () => json(dashboardFixture()))
  server.on('GET', '/dashboard/channel-status', () => json(channelStatusFixture()))
}

describe('Telegram authorization', () => {
  it('sends the raw init data and the referral code, stores the tokens and goes home', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    server.on('POST', '/auth/telegram/authorize', () => json(TOKENS))
    serveHome(server)
    const { url, initData } = buildLaunchUrl({ startParam: 'invite_42' })
    renderApp(url)

    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument()
    const [authorize] = server.callsTo('POST', '/auth/telegram/authorize')
    expect(authorize?.body).toEqual({ initData, referralCode: 'invite_42' })
    expect(authorize?.headers.get('Accept')).toBe('application/json')
    expect(authorize?.headers.get('Authorization')).toBeNull()
    expect(JSON.parse(localStorage.getItem('app.auth') ?? 'null')).toEqual({
      ...TOKENS,
      telegramUserId: ADA.id,
    })
    expect(window.location.pathname).toBe('/')
  })

  it('takes the referral code from start_param inside the init data too', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    server.on('POST', '/auth/telegram/authorize', () => json(TOKENS))
    serveHome(server)
    renderApp(buildLaunchUrl({ startParam: 'from-init-data', startParamInInitData: true }).url)

    await screen.findByText('Ada Lovelace')
    expect(server.callsTo('POST', '/auth/telegram/authorize')[0]?.body).toMatchObject({
      referralCode: 'from-init-data',
    })
  })

  it('406: says only referred users may enter in a Message dialog, then clears the state', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    server.on('POST', '/auth/telegram/authorize', () => apiError(406, 'REFERRAL_REQUIRED'))
    const { user } = renderApp(buildLaunchUrl({ version: '6.0' }).url)

    const dialog = await screen.findByRole('alertdialog', { name: 'Message' })
    expect(dialog).toHaveTextContent('Only users with a referral link can access this bot.')
    await user.click(screen.getByRole('button', { name: 'Ok' }))

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only users with a referral link can access this bot.',
    )
    expect(localStorage.getItem('app.auth')).toBeNull()
  })

  it('406 on a client with native popups: Telegram shows the Message popup', async () => {
    const telegram = installFakeTelegram()
    telegram.answerPopupsWith('ok')
    const server = installFakeServer()
    server.on('POST', '/auth/telegram/authorize', () => apiError(406, 'REFERRAL_REQUIRED'))
    renderApp(buildLaunchUrl({ version: '8.0' }).url)

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only users with a referral link can access this bot.',
    )
    expect(telegram.posted('web_app_open_popup')).toEqual([
      {
        title: 'Message',
        message: 'Only users with a referral link can access this bot.',
        buttons: [{ id: 'ok', type: 'default', text: 'Ok' }],
      },
    ])
    expect(localStorage.getItem('app.auth')).toBeNull()
  })

  it('401: clears the stored state and says why', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    server.on('POST', '/auth/telegram/authorize', () => apiError(401, 'UNAUTHORIZED'))
    renderApp(buildLaunchUrl().url)

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Authorization failed. Please close the Mini App and open it again from Telegram.',
    )
    expect(localStorage.getItem('app.auth')).toBeNull()
  })

  it('500: Temporarily unavailable, and trying again works', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    let attempts = 0
    server.on('POST', '/auth/telegram/authorize', () => {
      attempts += 1
      return attempts === 1 ? apiError(500, 'INTERNAL_ERROR') : json(TOKENS)
    })
    serveHome(server)
    const { user } = renderApp(buildLaunchUrl().url)

    expect(await screen.findByText('Temporarily unavailable - try again soon!')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument()
  })

  it('a network failure is also Temporarily unavailable', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    server.on('POST', '/auth/telegram/authorize', () => Promise.reject(new TypeError('Failed to fetch')))
    renderApp(buildLaunchUrl().url)

    expect(await screen.findByText('Temporarily unavailable - try again soon!')).toBeInTheDocument()
  })

  it("discards another Telegram user's tokens and authorizes this one", async () => {
    installFakeTelegram()
    const server = installFakeServer()
    server.on('POST', '/auth/telegram/authorize', () => json(TOKENS))
    serveHome(server)
    storeTokensFor(999, { accessToken: 'someone-else', refreshToken: 'someone-else' })
    renderApp(buildLaunchUrl().url)

    await screen.findByText('Ada Lovelace')
    expect(server.callsTo('POST', '/auth/telegram/authorize')).toHaveLength(1)
    await waitFor(() =>
      expect(server.callsTo('GET', '/dashboard')[0]?.headers.get('Authorization')).toBe('Bearer access-1'),
    )
  })

  it('skips authorization when this user already has tokens', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    serveHome(server)
    storeTokensFor(ADA.id)
    renderApp(buildLaunchUrl().url)

    await screen.findByText('Ada Lovelace')
    expect(server.callsTo('POST', '/auth/telegram/authorize')).toHaveLength(0)
  })

  it('asks for the tokens at once, beside the locale files rather than after them', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    const releaseLocales = serveLocaleFilesLater(server)
    server.on('POST', '/auth/telegram/authorize', () => json(TOKENS))
    serveHome(server)
    renderAppLoadingLocales(buildLaunchUrl().url)

    await waitFor(() => expect(server.callsTo('POST', '/auth/telegram/authorize')).toHaveLength(1))
    expect(server.calls.filter((call) => call.path.startsWith('/locales/')).map((call) => call.path)).toEqual(
      ['/locales/en/common.json', '/locales/en/dashboard.json'],
    )
    expect(screen.queryByText('Authorizing')).not.toBeInTheDocument()
    releaseLocales()
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument()
  })
})
