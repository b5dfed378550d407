import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { expect } from 'vitest'
import { type FakeServer, installFakeServer, json } from '#test-helpers/fake-server.ts'
import { channelStatusFixture, dashboardFixture } from '#test-helpers/fixtures.ts'
import { renderApp } from '#test-helpers/render-app.tsx'

export const EMAIL = 'ada@example.com'
export const PASSWORD = 'correct horse'
export const NEW_PASSWORD = 'battery staple'

/** 204 as the server answers it: no body. */
export const noContent = () => new Response(null, { status: 204 })

/** A plain browser (no Telegram launch parameters) with a server that knows the email user's dashboard. */
export function inBrowser(path: string, options: { navigationState?: unknown } = {}) {
  const server = installFakeServer()
  serveHome(server)
  return { server, ...renderApp(path, options) }
}

export function serveHome(server: FakeServer, email: string | null = EMAIL) {
  const fixture = dashboardFixture()
  // Sent through json() (unknown): the news count another change adds to the contract rides along either way.
  server.on('GET', '/dashboard', () =>
    json({ ...fixture, user: { ...fixture.user, email }, news: { unseenCount: 0 } }),
  )
  server.on('GET', '/dashboard/channel-status', () => json(channelStatusFixture()))
}

/** The in-app 'Error' dialog says `text`; Ok closes it. */
export async function expectErrorDialog(user: UserEvent, text: string) {
  const dialog = await screen.findByRole('alertdialog', { name: 'Error' })
  expect(dialog).toHaveTextContent(text)
  await user.click(within(dialog).getByRole('button', { name: 'Ok' }))
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
}

export async function fill(user: UserEvent, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    const field = screen.getByLabelText(label)
    await user.clear(field)
    if (value) await user.type(field, value)
  }
}
