import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AccountsScreen } from '#screens/accounts.tsx'
import { fakeApi, location, renderScreen } from '#test-helpers/test-harness.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const account = (n: number, status = 'pending') => ({
  uid: `00000000-0000-4000-8000-00000000000${n}`,
  phone: `+98935000000${n}`,
  country: 'IR',
  status,
  validationStatus: 'failed',
  limitStatus: 'free',
  price: '1.5',
  net: '1.5',
  submitType: 'login',
  validationAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  telegramId: 1000 + n,
})

describe('AccountsScreen', () => {
  it('sends the URL filters, pages by cursor, and offers the override to operators', async () => {
    const calls = fakeApi({
      'GET /ops/accounts': (url) =>
        url.searchParams.get('cursor') === 'c1'
          ? { items: [account(2, 'accepted')], nextPage: null }
          : { items: [account(1)], nextPage: 'c1' },
    })
    renderScreen(<AccountsScreen />, {
      url: '/accounts?phone=0935&validationStatus=failed',
      role: 'operator',
    })
    await screen.findByText('+989350000001')
    const first = calls[0]?.url.searchParams
    expect(Object.fromEntries(first ?? [])).toEqual({
      phone: '0935',
      validationStatus: 'failed',
      limit: '50',
    })
    expect(screen.getByRole('link', { name: '1001' }).getAttribute('href')).toBe('/users?telegramId=1001')
    expect(screen.getByLabelText('Override the status of +989350000001')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Older accounts' }))
    await screen.findByText('+989350000002')
    expect(calls[1]?.url.searchParams.get('cursor')).toBe('c1')
    expect(screen.queryByRole('button', { name: 'Older accounts' })).toBeNull()

    // A select filter applies at once and lands in the URL.
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'accepted' } })
    await waitFor(() => expect(location.current).toContain('status=accepted'))
    expect(location.current).toContain('phone=0935')
  })

  it('overrides with a reason and refreshes; a viewer is offered no override', async () => {
    const calls = fakeApi({
      'GET /ops/accounts': () => ({ items: [account(1)], nextPage: null }),
      'PUT /ops/accounts/00000000-0000-4000-8000-000000000001/status': () => ({ ...account(1, 'rejected') }),
    })
    renderScreen(<AccountsScreen />, { url: '/accounts', role: 'operator' })
    fireEvent.change(await screen.findByLabelText('Override the status of +989350000001'), {
      target: { value: 'rejected' },
    })
    const dialog = screen.getByRole('dialog')
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'a duplicate SIM' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set rejected' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      status: 'rejected',
      reason: 'a duplicate SIM',
    })
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBe(2))
    cleanup()

    renderScreen(<AccountsScreen />, { url: '/accounts', role: 'viewer' })
    await screen.findByText('+989350000001')
    expect(screen.queryByLabelText('Override the status of +989350000001')).toBeNull()
  })

  it('says when nothing matches, and the error in the server’s words', async () => {
    fakeApi({ 'GET /ops/accounts': () => ({ items: [], nextPage: null }) })
    renderScreen(<AccountsScreen />, { url: '/accounts?phone=777' })
    await screen.findByText('No accounts match these filters.')
    cleanup()
    vi.unstubAllGlobals()
    fakeApi({})
    renderScreen(<AccountsScreen />, { url: '/accounts' })
    expect((await screen.findByRole('alert')).textContent).toContain('Not found')
  })
})
