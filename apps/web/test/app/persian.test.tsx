import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { installFakeServer, json } from '#test-helpers/fake-server.ts'
import { channelStatusFixture, dashboardFixture } from '#test-helpers/fixtures.ts'
import { ADA, buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp, storeTokensFor } from '#test-helpers/render-app.tsx'
import { installFakeTelegram } from '#test-helpers/telegram-bridge.ts'

const PERSIAN_USER = { ...ADA, language_code: 'fa' }

describe('Persian', () => {
  it('lays the app out right to left and speaks Persian to Persian Telegram users', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    storeTokensFor(ADA.id)
    server.on('GET', '/dashboard', () => json(dashboardFixture({ canReferrer: true })))
    server.on('GET', '/dashboard/channel-status', () => json(channelStatusFixture()))
    renderApp(buildLaunchUrl({ user: PERSIAN_USER }).url)

    expect(await screen.findByRole('link', { name: /برداشت وجه/ })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: /زیرمجموعه‌ها/ })).toBeInTheDocument()
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    expect(document.documentElement).toHaveAttribute('lang', 'fa')
    // Amounts stay left to right inside the Persian layout.
    expect(screen.getByText('12.50 USDT')).toHaveAttribute('dir', 'ltr')
  })

  it('shows the platform gate in Persian', async () => {
    installFakeTelegram()
    renderApp(buildLaunchUrl({ user: PERSIAN_USER, platform: 'tdesktop' }).url)

    expect(await screen.findByRole('alert')).toHaveTextContent('فقط روی دستگاه‌های iOS و اندروید')
  })

  it('everyone else gets English, left to right', async () => {
    installFakeTelegram()
    renderApp(buildLaunchUrl({ user: { ...ADA, language_code: 'de' }, platform: 'web' }).url)

    expect(await screen.findByRole('alert')).toHaveTextContent('only available on iOS and Android')
    expect(document.documentElement).toHaveAttribute('dir', 'ltr')
    expect(document.documentElement).toHaveAttribute('lang', 'en')
  })
})
