import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NewsScreen } from '#screens/news.tsx'
import { OrdersScreen } from '#screens/orders.tsx'
import { RateChart, RatesScreen } from '#screens/rates.tsx'
import { fakeApi, renderScreen } from '#test-helpers/test-harness.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('NewsScreen', () => {
  it('publishes English alone (Persian left out when empty), checked with the contract schema', async () => {
    const calls = fakeApi({
      'GET /ops/news': () => [],
      'POST /ops/news': () => ({
        uid: '00000000-0000-4000-8000-000000000009',
        en: { title: 'Prices up', body: 'From Monday.' },
        fa: null,
        publishedAt: '2026-01-01T00:00:00.000Z',
      }),
    })
    renderScreen(<NewsScreen />, { role: 'operator' })
    await screen.findByText('No news published.')
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }))
    expect((await screen.findAllByText(/Required, at most 120 characters/)).length).toBe(1)
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Prices up' } })
    fireEvent.change(screen.getByLabelText(/^Body/), { target: { value: 'From Monday.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      en: { title: 'Prices up', body: 'From Monday.' },
    })
  })

  it('a viewer reads the list but gets no editor and no remove', async () => {
    fakeApi({
      'GET /ops/news': () => [
        {
          uid: '00000000-0000-4000-8000-000000000009',
          en: { title: 'Prices up', body: 'From Monday.' },
          fa: { title: 'افزایش قیمت', body: 'از دوشنبه.' },
          publishedAt: '2026-01-01T00:00:00.000Z',
        },
      ],
    })
    renderScreen(<NewsScreen />, { role: 'viewer' })
    await screen.findByText('افزایش قیمت')
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull()
  })
})

describe('OrdersScreen', () => {
  it('admins close an order; operators only read', async () => {
    const order = { country: 'IR', price: '1.5', capacity: 100, isOpen: true }
    const calls = fakeApi({
      'GET /ops/orders': () => [order],
      'PATCH /ops/orders/IR': () => ({ ...order, isOpen: false }),
    })
    renderScreen(<OrdersScreen />, { role: 'admin' })
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }))
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ isOpen: false }))
    cleanup()
    renderScreen(<OrdersScreen />, { role: 'operator' })
    await screen.findByText('IR')
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
    expect(screen.queryByText('New order')).toBeNull()
  })
})

describe('RateChart', () => {
  it('draws the history oldest first, lowest at the bottom', () => {
    const { container } = render(
      <RateChart
        rates={[
          { pair: 'USDTIRT', price: '90000', setAt: '2026-01-03T00:00:00.000Z' },
          { pair: 'USDTIRT', price: '80000', setAt: '2026-01-01T00:00:00.000Z' },
          { pair: 'USDTIRT', price: '85000', setAt: '2026-01-02T00:00:00.000Z' },
        ]}
      />,
    )
    const points = container.querySelector('polyline')?.getAttribute('points')?.split(' ')
    expect(points).toEqual(['6.0,154.0', '320.0,80.0', '634.0,6.0'])
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('3 rates from 80000 to 90000')
  })
})

describe('RatesScreen', () => {
  const waiting = {
    pair: 'USDTTRX',
    price: '5',
    basePrice: '4',
    change: '+25.00%',
    proposedBy: 'omid',
    proposedAt: '2026-01-02T00:00:00.000Z',
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  }
  const api = (change = waiting) =>
    fakeApi({
      'GET /ops/rates/USDTTRX': () => [{ pair: 'USDTTRX', price: '4', setAt: '2026-01-01T00:00:00.000Z' }],
      'GET /ops/rates/pending': () => [change],
      'POST /ops/rates/USDTTRX/approve': () => ({
        pair: 'USDTTRX',
        price: '5',
        setAt: '2026-01-02T00:01:00.000Z',
      }),
      'DELETE /ops/rates/USDTTRX/pending': () => ({
        pair: 'USDTTRX',
        price: '4',
        setAt: '2026-01-01T00:00:00.000Z',
      }),
    })

  it('shows a change waiting for approval; another admin approves the very price proposed', async () => {
    const calls = api()
    renderScreen(<RatesScreen />, { url: '/rates?pair=USDTTRX', role: 'admin', login: 'sara' })
    const region = await screen.findByRole('region', { name: 'Waiting for approval' })
    expect(region.textContent).toMatch(/Waiting for approval: 5 \(\+25\.00% from 4\), proposed by omid/)
    fireEvent.click(screen.getByRole('button', { name: 'Approve 5' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    const approved = calls.find((c) => c.method === 'POST')
    expect([approved?.url.pathname, approved?.body]).toEqual(['/ops/rates/USDTTRX/approve', { price: '5' }])
  })

  it('a change past its day says it lapsed, and is not approved', async () => {
    api({ ...waiting, expiresAt: new Date(Date.now() - 1000).toISOString() })
    renderScreen(<RatesScreen />, { url: '/rates?pair=USDTTRX', role: 'admin', login: 'sara' })
    const region = await screen.findByRole('region', { name: 'Waiting for approval' })
    expect(region.textContent).toContain('Lapsed unapproved: propose it again.')
    expect((screen.getByRole('button', { name: 'Approve 5' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('the proposer cannot approve their own change, only withdraw it; a viewer only reads it', async () => {
    const calls = api()
    renderScreen(<RatesScreen />, { url: '/rates?pair=USDTTRX', role: 'admin', login: 'omid' })
    expect(((await screen.findByRole('button', { name: 'Approve 5' })) as HTMLButtonElement).disabled).toBe(
      true,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true))
    cleanup()
    api()
    renderScreen(<RatesScreen />, { url: '/rates?pair=USDTTRX', role: 'viewer', login: 'vic' })
    await screen.findByRole('region', { name: 'Waiting for approval' })
    expect(screen.queryByRole('button', { name: 'Approve 5' })).toBeNull()
  })
})
