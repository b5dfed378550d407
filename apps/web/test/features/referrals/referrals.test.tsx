import type { ReferralEarningsStats, ReferralStats } from '@app/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { apiError, json } from '#test-helpers/fake-server.ts'
import { ADA, buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp } from '#test-helpers/render-app.tsx'
import { signedIn } from '#test-helpers/signed-in.ts'

const LINK = 'https://t.me/AccountSupplyDemoBot?startapp=ABCDEFGH23'
const NEW_LINK = 'https://t.me/AccountSupplyDemoBot?startapp=ZXCVBNM456'

const stats = (overrides: Partial<ReferralStats> = {}): ReferralStats => ({
  referralLink: { link: LINK, code: 'ABCDEFGH23' },
  referralCount: 3,
  ...overrides,
})
const earnings = (overrides: Partial<ReferralEarningsStats> = {}): ReferralEarningsStats => ({
  totalAmount: 12.5,
  paidAmount: 2.25,
  ...overrides,
})

function openReferrals(options: { persian?: boolean; version?: string } = {}) {
  const signed = signedIn()
  signed.server.on('GET', '/referrals/stats', () => json(stats()))
  signed.server.on('GET', '/referral-earnings/stats', () => json(earnings()))
  const user = options.persian ? { ...ADA, language_code: 'fa' } : ADA
  const view = renderApp(
    buildLaunchUrl({ path: '/referrals', user, ...(options.version ? { version: options.version } : {}) })
      .url,
  )
  return { ...signed, ...view }
}

describe('referrals screen (spec sections 2, 3 and 8)', () => {
  it('shows total, paid and available (total minus paid), the link as t.me/... and the count', async () => {
    openReferrals()
    expect(await screen.findByRole('heading', { level: 1, name: 'Referrals' })).toBeInTheDocument()
    expect(await screen.findByTestId('referrals-available')).toHaveTextContent('10.25 USDT')
    expect(screen.getByTestId('referrals-total')).toHaveTextContent('Total earnings: 12.50 USDT')
    expect(screen.getByTestId('referrals-paid')).toHaveTextContent('Paid: 2.25 USDT')
    expect(await screen.findByTestId('referrals-link')).toHaveTextContent(
      't.me/AccountSupplyDemoBot?startapp=ABCDEFGH23',
    )
    expect(screen.getByTestId('referrals-link')).not.toHaveTextContent('https://')
    expect(screen.getByText('3 people joined')).toBeInTheDocument()
  })

  it('shows skeletons while the two answers are on the way, then the figures and the link', async () => {
    const { server } = signedIn()
    const held: (() => void)[] = []
    const holdThen = (answer: () => Response) => () =>
      new Promise<Response>((resolve) => held.push(() => resolve(answer())))
    server.on(
      'GET',
      '/referrals/stats',
      holdThen(() => json(stats())),
    )
    server.on(
      'GET',
      '/referral-earnings/stats',
      holdThen(() => json(earnings())),
    )
    renderApp(buildLaunchUrl({ path: '/referrals' }).url)
    expect(await screen.findByTestId('referrals-earnings-loading')).toBeInTheDocument()
    expect(screen.getByTestId('referrals-link-loading')).toBeInTheDocument()
    expect(screen.queryByTestId('referrals-earnings')).not.toBeInTheDocument()
    await waitFor(() => expect(held).toHaveLength(2))
    for (const release of held.splice(0)) release()
    expect(await screen.findByTestId('referrals-available')).toHaveTextContent('10.25 USDT')
    expect(await screen.findByTestId('referrals-link')).toHaveTextContent('startapp=ABCDEFGH23')
    expect(screen.queryByTestId('referrals-earnings-loading')).not.toBeInTheDocument()
    expect(screen.queryByTestId('referrals-link-loading')).not.toBeInTheDocument()
  })

  it('one person is one person', async () => {
    const { server } = signedIn()
    server.on('GET', '/referrals/stats', () => json(stats({ referralCount: 1 })))
    server.on('GET', '/referral-earnings/stats', () => json(earnings({ totalAmount: 0, paidAmount: 0 })))
    renderApp(buildLaunchUrl({ path: '/referrals' }).url)
    expect(await screen.findByText('1 person joined')).toBeInTheDocument()
    expect(screen.getByTestId('referrals-available')).toHaveTextContent('0.00 USDT')
  })

  it('Copy puts the full link on the clipboard and says so', async () => {
    const { user } = openReferrals()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    await user.click(await screen.findByTestId('referrals-copy'))
    expect(writeText).toHaveBeenCalledWith(LINK)
    expect(await screen.findByText('Link copied')).toBeInTheDocument()
  })

  it("Share opens Telegram's share sheet with the link and 'Join now!'", async () => {
    const { user, telegram } = openReferrals({ version: '8.0' })
    await user.click(await screen.findByTestId('referrals-share'))
    expect(telegram.posted('web_app_open_tg_link')).toEqual([
      { path_full: `/share/url?url=${encodeURIComponent(LINK)}&text=Join%20now!` },
    ])
  })

  it('Revoke asks first; on success the new link shows and the spec message says so', async () => {
    const { user, server } = openReferrals()
    server.on('POST', '/referral-links/refresh', () =>
      json({ referralLink: { link: NEW_LINK, code: 'ZXCVBNM456' } }),
    )
    await user.click(await screen.findByTestId('referrals-revoke'))
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke link' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(server.callsTo('POST', '/referral-links/refresh')).toHaveLength(0)

    await user.click(screen.getByTestId('referrals-revoke'))
    const again = await screen.findByRole('alertdialog', { name: 'Revoke link' })
    await user.click(within(again).getByRole('button', { name: 'Revoke' }))
    const done = await screen.findByRole('alertdialog', { name: 'Success' })
    expect(done).toHaveTextContent('Your referral link has been revoked.')
    expect(screen.getByTestId('referrals-link')).toHaveTextContent('startapp=ZXCVBNM456')
    expect(server.callsTo('POST', '/referral-links/refresh')).toHaveLength(1)
  })

  it('a failed revoke says the spec failure text and keeps the old link', async () => {
    const { user, server } = openReferrals()
    server.on('POST', '/referral-links/refresh', () => apiError(500, 'INTERNAL_ERROR'))
    await user.click(await screen.findByTestId('referrals-revoke'))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Revoke link' })).getByRole('button', {
        name: 'Revoke',
      }),
    )
    const error = await screen.findByRole('alertdialog', { name: 'Error' })
    expect(error).toHaveTextContent('Failed to refresh your revoke link.')
    expect(screen.getByTestId('referrals-link')).toHaveTextContent('startapp=ABCDEFGH23')
  })

  it('a user who may not refer is told so (403), not shown an error', async () => {
    const { server } = signedIn()
    server.on('GET', '/referrals/stats', () => apiError(403, 'REFERRAL_NOT_ALLOWED'))
    server.on('GET', '/referral-earnings/stats', () => json(earnings()))
    renderApp(buildLaunchUrl({ path: '/referrals' }).url)
    expect(await screen.findByText('Referrals are not available for your account.')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('a failed load offers Try again, which loads the screen', async () => {
    const { server, user } = (() => {
      const signed = signedIn()
      let calls = 0
      signed.server.on('GET', '/referrals/stats', () => {
        calls += 1
        return calls === 1 ? apiError(503, 'SERVICE_UNAVAILABLE') : json(stats())
      })
      signed.server.on('GET', '/referral-earnings/stats', () => json(earnings()))
      return { ...signed, ...renderApp(buildLaunchUrl({ path: '/referrals' }).url) }
    })()
    expect(await screen.findByText('Your referrals could not be loaded.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('referrals-link')).toBeInTheDocument()
    expect(server.callsTo('GET', '/referrals/stats')).toHaveLength(2)
  })

  it('reads right to left in Persian, the link and amounts kept left to right', async () => {
    openReferrals({ persian: true })
    expect(await screen.findByRole('heading', { level: 1, name: 'زیرمجموعه‌ها' })).toBeInTheDocument()
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'))
    expect(await screen.findByText('3 نفر پیوسته‌اند')).toBeInTheDocument()
    const link = await screen.findByTestId('referrals-link')
    expect(link.querySelector('bdi')).toHaveAttribute('dir', 'ltr')
    expect(screen.getByTestId('referrals-available')).toHaveAttribute('dir', 'ltr')
  })
})
