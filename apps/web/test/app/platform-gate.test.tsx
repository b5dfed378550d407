import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { installFakeServer } from '#test-helpers/fake-server.ts'
import { buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp } from '#test-helpers/render-app.tsx'
import { installFakeTelegram } from '#test-helpers/telegram-bridge.ts'

const GATE_TEXT =
  'This Mini App is currently only available on iOS and Android devices. Please access it via the Telegram app on your mobile phone.'

describe('platform gate', () => {
  it.each(['tdesktop', 'macos', 'web', 'weba', 'unknown'])(
    'keeps %s out with the spec text',
    async (platform) => {
      installFakeTelegram()
      const server = installFakeServer()
      renderApp(buildLaunchUrl({ platform }).url)

      expect(await screen.findByText(GATE_TEXT)).toBeInTheDocument()
      expect(server.calls).toHaveLength(0)
    },
  )

  it('a page not opened by Telegram at all is a plain browser: no gate, the email login', async () => {
    const server = installFakeServer()
    renderApp('/')

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(screen.queryByText(GATE_TEXT)).not.toBeInTheDocument()
    expect(server.calls).toHaveLength(0)
  })

  it.each(['ios', 'android'])('lets %s in to authorize', async (platform) => {
    installFakeTelegram()
    const server = installFakeServer()
    server.on('POST', '/auth/telegram/authorize', () => new Promise<Response>(() => {}))
    renderApp(buildLaunchUrl({ platform }).url)

    expect(await screen.findByText('Authorizing')).toBeInTheDocument()
    expect(screen.queryByText(GATE_TEXT)).not.toBeInTheDocument()
  })

  it('tells Telegram the app is ready even on the gate', async () => {
    const telegram = installFakeTelegram()
    renderApp(buildLaunchUrl({ platform: 'tdesktop' }).url)

    await screen.findByText(GATE_TEXT)
    expect(telegram.posted('web_app_ready')).toHaveLength(1)
  })
})
