import type { ChannelStatus } from '@app/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { type FakeServer, installFakeServer, json } from '#test-helpers/fake-server.ts'
import { dashboardFixture } from '#test-helpers/fixtures.ts'
import { ADA, buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp, storeTokensFor } from '#test-helpers/render-app.tsx'
import { installFakeTelegram } from '#test-helpers/telegram-bridge.ts'

const PROMPT = 'Join our channel for latest updates'
const RECORD = '/dashboard/channel-prompt'

function signedInHome(server: FakeServer, status: ChannelStatus) {
  storeTokensFor(ADA.id)
  server.on('GET', '/dashboard', () => json(dashboardFixture()))
  server.on('GET', '/dashboard/channel-status', () => json(status))
  server.on('POST', RECORD, () => new Response(null, { status: 204 }))
}

/** One launch of the mini-app: answers whether the prompt showed (and presses `press` when it did). */
async function launch(server: FakeServer, press?: 'Join Channel' | 'Close') {
  installFakeTelegram()
  const view = renderApp(buildLaunchUrl({ version: '6.1' }).url)
  await waitFor(() => expect(server.callsTo('GET', '/dashboard/channel-status')).toHaveLength(1))
  await screen.findByText('12.50 USDT')
  await new Promise((resolve) => setTimeout(resolve, 50))
  const dialog = screen.queryByRole('alertdialog')
  if (dialog && press) await view.user.click(within(dialog).getByRole('button', { name: press }))
  return dialog !== null && (dialog.textContent ?? '').includes(PROMPT)
}

const recorded = (server: FakeServer) => server.callsTo('POST', RECORD).map((call) => call.body)

describe('channel prompt: remembered per user by the server, not by this device', () => {
  it('asks when the server says so, and tells it the prompt was shown', async () => {
    const server = installFakeServer()
    signedInHome(server, { channelUsername: 'acme_news', isUserJoined: false, prompt: true })
    expect(await launch(server, 'Close')).toBe(true)
    await waitFor(() => expect(recorded(server)).toEqual([{ event: 'shown' }]))
  })

  it('does not ask a user the server remembers asking (another device, this day), though not a member', async () => {
    const server = installFakeServer()
    signedInHome(server, { channelUsername: 'acme_news', isUserJoined: false, prompt: false })
    expect(await launch(server)).toBe(false)
    expect(recorded(server)).toEqual([])
  })

  it("'Join Channel' is told to the server, and opens the channel", async () => {
    const server = installFakeServer()
    signedInHome(server, { channelUsername: 'acme_news', isUserJoined: false, prompt: true })
    expect(await launch(server, 'Join Channel')).toBe(true)
    await waitFor(() => expect(recorded(server)).toEqual([{ event: 'shown' }, { event: 'join' }]))
  })

  it('stores nothing about the prompt on the device', async () => {
    const server = installFakeServer()
    signedInHome(server, { channelUsername: 'acme_news', isUserJoined: false, prompt: true })
    await launch(server, 'Join Channel')
    expect(Object.keys(localStorage).filter((key) => /channel/i.test(key))).toEqual([])
  })
})
