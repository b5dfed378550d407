import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderScreen } from '../lib/test-harness.tsx'
import { InvoicesScreen } from './invoices.tsx'

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
    fakeApi({ 'GET /ops/invoices': () => [invoice] })
    renderScreen(<InvoicesScreen />, { url: '/invoices', role: 'viewer' })
    const user = await screen.findByRole('link', { name: 'Nina' })
    expect(user.getAttribute('href')).toBe('/users?telegramId=884000001')
    const cells = screen.getAllByRole('cell').map((cell) => cell.textContent)
    expect(cells).toEqual(expect.arrayContaining(['3.75', '2', '0.25']))
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull()
  })
})
