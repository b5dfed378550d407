import { type FakeServer, installFakeServer, json } from './fake-server.ts'
import { channelStatusFixture, dashboardFixture } from './fixtures.ts'
import { ADA } from './launch-url.ts'
import { storeTokensFor } from './render-app.tsx'
import { type FakeTelegram, installFakeTelegram } from './telegram-bridge.ts'

/** A Telegram client, a server that knows the user, and tokens: ready to open any authenticated screen. */
export function signedIn(dashboard = dashboardFixture()): { server: FakeServer; telegram: FakeTelegram } {
  const telegram = installFakeTelegram()
  const server = installFakeServer()
  storeTokensFor(ADA.id)
  server.on('GET', '/dashboard', () => json(dashboard))
  server.on('GET', '/dashboard/channel-status', () => json(channelStatusFixture()))
  return { server, telegram }
}
