import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { InvoicesScreen } from '#screens/invoices.tsx'
import { fakeApi, renderScreen } from '#test-helpers/test-harness.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const invoice = {
  uid: '00000000-0000-4000-8000-000000000001',
  amount: '3.75',
  confirmationStatus: 'pending',
  paymentStatus: 'unpaid',
  createdAt: '2026-01-01T00:00:00.000Z',
  paidAt: null,
  telegramId: 884000001,
  firstName: 'Nina',
  accountCount: 2,
  referralEarnings: '0.25',
}

describe('InvoicesScreen', () => {
  it('shows each invoice’s user, account count and referral part; a viewer gets no actions', async () => {
    fakeApi({ 'GET /ops/invoices': () => ({ items: [invoice], nextPage: null }) })
    renderScreen(<InvoicesScreen />, { url: '/invoices', role: 'viewer' })
    const user = await screen.findByRole('link', { name: 'Nina' })
    expect(user.getAttribute('href')).toBe('/users?telegramId=884000001')
    const cells = screen.getAllByRole('cell').map((cell) => cell.textContent)
    expect(cells).toEqual(expect.arrayContaining(['3.75', '2', '0.25']))
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull()
  })
})

describe('InvoicesScreen paging', () => {
  it('asks for the status in the URL and fetches the next page by its cursor', async () => {
    const second = { ...invoice, uid: '00000000-0000-4000-8000-000000000002', firstName: 'Omid' }
    const calls = fakeApi({
      'GET /ops/invoices': (url) =>
        url.searchParams.get('cursor') === 'page-2'
          ? { items: [second], nextPage: null }
          : { items: [invoice], nextPage: 'page-2' },
    })
    renderScreen(<InvoicesScreen />, { url: '/invoices?status=validating', role: 'viewer' })
    await screen.findByRole('link', { name: 'Nina' })
    expect(calls[0]?.url.searchParams.get('status')).toBe('validating')
    fireEvent.click(screen.getByRole('button', { name: 'More invoices' }))
    await screen.findByRole('link', { name: 'Omid' })
    expect(calls[1]?.url.searchParams.get('cursor')).toBe('page-2')
    expect(calls[1]?.url.searchParams.get('status')).toBe('validating')
    expect(screen.getByRole('link', { name: 'Nina' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'More invoices' })).toBeNull()
  })
})
