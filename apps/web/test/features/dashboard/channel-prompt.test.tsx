import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { PROMPT_INTERVAL_MS } from '../../../src/features/dashboard/components/use-channel-prompt.ts'
import { type FakeServer, installFakeServer, json } from '../../helpers/fake-server.ts'
import { channelStatusFixture, dashboardFixture } from '../../helpers/fixtures.ts'
import { ADA, buildLaunchUrl } from '../../helpers/launch-url.ts'
import { renderApp, storeTokensFor } from '../../helpers/render-app.tsx'
import { installFakeTelegram } from '../../helpers/telegram-bridge.ts'

const PROMPT = 'Join our channel for latest updates'

function signedInHome(server: FakeServer, joined: () => boolean) {
  storeTokensFor(ADA.id)
  server.on('GET', '/dashboard', () => json(dashboardFixture()))
  server.on('GET', '/dashboard/channel-status', () =>
    json(channelStatusFixture({ channelUsername: 'acme_news', isUserJoined: joined() })),
  )
}

/** One launch of the mini-app: answers whether the prompt showed (and presses `press` when it did). */
async function launch(server: FakeServer, press?: 'Join Channel' | 'Close'): Promise<boolean> {
  const before = server.callsTo('GET', '/dashboard/channel-status').length
  const { user, unmount } = renderApp(buildLaunchUrl({ version: '6.1' }).url)
  await waitFor(() => expect(server.callsTo('GET', '/dashboard/channel-status').length).toBe(before + 1))
  await screen.findByText('12.50 USDT')
  await new Promise((resolve) => setTimeout(resolve, 50))
  const dialog = screen.queryByRole('alertdialog')
  if (dialog && press) await user.click(within(dialog).getByRole('button', { name: press }))
  unmount()
  return dialog !== null && (dialog.textContent ?? '').includes(PROMPT)
}

describe('channel prompt', () => {
  it('asks at most once a day', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    signedInHome(server, () => false)
    const start = Date.now()
    const now = vi.spyOn(Date, 'now').mockReturnValue(start)
    expect(await launch(server, 'Close')).toBe(true)
    now.mockReturnValue(start + 60_000)
    expect(await launch(server)).toBe(false)
    now.mockReturnValue(start + PROMPT_INTERVAL_MS - 1000)
    expect(await launch(server)).toBe(false)
    now.mockReturnValue(start + PROMPT_INTERVAL_MS + 1000)
    expect(await launch(server, 'Close')).toBe(true)
    now.mockRestore()
  })

  it("never again after 'Join Channel' until the check says the user left", async () => {
    installFakeTelegram()
    const server = installFakeServer()
    let joined = false
    signedInHome(server, () => joined)
    const start = Date.now()
    const now = vi.spyOn(Date, 'now').mockReturnValue(start)
    expect(await launch(server, 'Join Channel')).toBe(true)
    // Days later, the check still says not joined (the user never joined): no prompt.
    now.mockReturnValue(start + 3 * PROMPT_INTERVAL_MS)
    expect(await launch(server)).toBe(false)
    // The check says joined, then not joined: the user left, and is asked again.
    joined = true
    expect(await launch(server)).toBe(false)
    joined = false
    expect(await launch(server)).toBe(true)
    now.mockRestore()
  })
})
