import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiError, type FakeServer, installFakeServer, json } from '#test-helpers/fake-server.ts'
import { channelStatusFixture, dashboardFixture, TOKENS } from '#test-helpers/fixtures.ts'
import { ADA, buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp, storeTokensFor } from '#test-helpers/render-app.tsx'
import { installFakeTelegram } from '#test-helpers/telegram-bridge.ts'

// Issue 20, item 3: a server that refuses every session (a blocked user, a broken deployment) must not get a
// loop of sign-ins. Spec section 7: a 401 gets one refresh and one retry, no more.

const AUTHORIZE = ['POST', '/auth/telegram/authorize'] as const
const REFRESH = ['POST', '/auth/refresh'] as const

/** Every authenticated call the first screen makes answers 401, as for a refused token. */
function refuseEverySession(server: FakeServer) {
  // The launch's language report too: the fake's 404 for it would read as a session the server accepted.
  server.on('PUT', '/me/language', () => apiError(401, 'UNAUTHORIZED'))
  server.on('GET', '/dashboard', () => apiError(401, 'UNAUTHORIZED'))
  server.on('GET', '/dashboard/channel-status', () => apiError(401, 'UNAUTHORIZED'))
  server.on(...REFRESH, () => apiError(401, 'UNAUTHORIZED'))
}

/** Sign-in answers a pair that every call then refuses: the loop a blocked user's app once ran. */
function refuseEverySessionAfterSignIn(): FakeServer {
  installFakeTelegram()
  const server = installFakeServer()
  refuseEverySession(server)
  server.on(...AUTHORIZE, () => json(TOKENS))
  return server
}

const unavailable = () => screen.findByText('Temporarily unavailable - try again soon!')

function serveHome(server: FakeServer) {
  server.on('GET', '/dashboard', () => json(dashboardFixture()))
  server.on('GET', '/dashboard/channel-status', () => json(channelStatusFixture()))
}

/** Time for a loop to show itself: each round of it takes a few fake answers, well under this. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400))

describe('no loop of sign-ins', () => {
  it('every call answers 401, sign-in too: one refresh, one sign-in, then the reason', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    refuseEverySession(server)
    server.on(...AUTHORIZE, () => apiError(401, 'UNAUTHORIZED'))
    storeTokensFor(ADA.id)
    renderApp(buildLaunchUrl().url)

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Authorization failed. Please close the Mini App and open it again from Telegram.',
    )
    await settle()
    expect(server.callsTo(...AUTHORIZE)).toHaveLength(1)
    expect(server.callsTo(...REFRESH)).toHaveLength(1)
  })

  it('sign-in answers 200 but every call after it 401: one sign-in, then Try again asks once per tap', async () => {
    const server = refuseEverySessionAfterSignIn()
    const { user } = renderApp(buildLaunchUrl().url)

    expect(await unavailable()).toBeInTheDocument()
    await settle()
    expect(server.callsTo(...AUTHORIZE)).toHaveLength(1)

    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(server.callsTo(...AUTHORIZE)).toHaveLength(2))
    expect(await unavailable()).toBeInTheDocument()
    await settle()
    expect(server.callsTo(...AUTHORIZE)).toHaveLength(2)
  })

  it('stored tokens refused, the new session refused too: the one sign-in after the 401, no second', async () => {
    const server = refuseEverySessionAfterSignIn()
    storeTokensFor(ADA.id, { accessToken: 'old-access', refreshToken: 'old-refresh' })
    renderApp(buildLaunchUrl().url)

    expect(await unavailable()).toBeInTheDocument()
    await settle()
    expect(server.callsTo(...AUTHORIZE)).toHaveLength(1)
  })

  it('a session that worked and is lost later is signed in again by itself', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    let signIns = 0
    server.on(...AUTHORIZE, () => {
      signIns += 1
      return json({ accessToken: `access-${signIns}`, refreshToken: `refresh-${signIns}` })
    })
    serveHome(server)
    const { context } = renderApp(buildLaunchUrl().url)
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument()

    // The operators end the session (log out everywhere): the next read is refused and so is the refresh.
    server.on('GET', '/dashboard', (call) =>
      call.headers.get('Authorization') === 'Bearer access-1'
        ? apiError(401, 'UNAUTHORIZED')
        : json(dashboardFixture()),
    )
    server.on(...REFRESH, () => apiError(401, 'UNAUTHORIZED'))
    await context.queryClient.refetchQueries({ queryKey: ['dashboard', 'summary'] })

    await waitFor(() => expect(server.callsTo(...AUTHORIZE)).toHaveLength(2))
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument()
    await settle()
    expect(server.callsTo(...AUTHORIZE)).toHaveLength(2)
  })
})

describe('a blocked user', () => {
  it('403 USER_BLOCKED: one sign-in, a screen that says the access is blocked, no Try again', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    refuseEverySession(server)
    server.on(...AUTHORIZE, () =>
      apiError(403, 'USER_BLOCKED', 'This account has been blocked. Please contact support.'),
    )
    storeTokensFor(ADA.id)
    renderApp(buildLaunchUrl().url)

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Access blocked')
    expect(alert).toHaveTextContent('This account has been blocked. Please contact support.')
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
    await settle()
    expect(server.callsTo(...AUTHORIZE)).toHaveLength(1)
    expect(localStorage.getItem('app.auth')).toBeNull()
  })

  it('in Persian, right to left', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    server.on(...AUTHORIZE, () => apiError(403, 'USER_BLOCKED'))
    renderApp(buildLaunchUrl({ user: { ...ADA, language_code: 'fa' } }).url)

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('دسترسی مسدود شده است')
    expect(alert).toHaveTextContent('این حساب کاربری مسدود شده است. لطفاً با پشتیبانی تماس بگیرید.')
    expect(document.documentElement.dir).toBe('rtl')
    await settle()
    expect(server.callsTo(...AUTHORIZE)).toHaveLength(1)
  })
})
