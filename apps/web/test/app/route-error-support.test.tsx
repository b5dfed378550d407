/**
 * A crashed screen (issue 40): the router's error page offers Contact support, which opens the conversation with
 * the screen it crashed on.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetSupportContext, peekSupportContext } from '#lib/support-link.ts'
import { json } from '#test-helpers/fake-server.ts'
import { buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp } from '#test-helpers/render-app.tsx'
import { signedIn } from '#test-helpers/signed-in.ts'

vi.mock('#app/routes/news.tsx', () => ({
  Component: () => {
    throw new Error('the news screen crashed')
  },
}))

afterEach(forgetSupportContext)

describe('a crashed screen', () => {
  it('offers Contact support, which keeps the screen and opens the conversation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { server } = signedIn()
    server.on('GET', '/support/thread', () => json({ status: null, messages: [], unread: 0 }))
    const view = renderApp(buildLaunchUrl({ path: '/news' }).url)
    const page = await screen.findByTestId('route-error')
    await view.user.click(within(page).getByRole('button', { name: 'Contact support' }))
    await waitFor(() => expect(window.location.pathname).toBe('/support'))
    expect(peekSupportContext()).toEqual({ screen: '/news', errorCode: 'SCREEN_CRASHED' })
  })
})
