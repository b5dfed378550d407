/**
 * Four eyes and API tokens on the console (docs/console.md): the Settings screen shows a change that waits and says
 * why after saving one; the Operators screen shows each API token's end and last use and when a new signer counts.
 */
import type { Operator, PendingSetting } from '@app/contract/ops'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderScreen } from '../lib/test-harness.tsx'
import { OperatorsScreen } from './operators.tsx'
import { SettingsScreen } from './settings.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const EFFECTIVE_AT = '2030-01-02T10:00:00.000Z'

describe('SettingsScreen', () => {
  it('shows a waiting change under the value in force, and after saving one, why it waits', async () => {
    let waiting: PendingSetting[] = [
      { key: 'order_open', value: false, effectiveAt: EFFECTIVE_AT, requestedBy: 'ada' },
    ]
    const calls = fakeApi({
      'GET /ops/settings': () => ({ payout_approval_above: '10', order_open: true }),
      'GET /ops/settings/pending': () => waiting,
      'PUT /ops/settings/payout_approval_above': () => {
        waiting = [
          { key: 'payout_approval_above', value: '1000', effectiveAt: EFFECTIVE_AT, requestedBy: 'sara' },
        ]
        return {
          key: 'payout_approval_above',
          value: '10',
          pending: { value: '1000', effectiveAt: EFFECTIVE_AT, requestedBy: 'sara' },
        }
      },
    })
    renderScreen(<SettingsScreen />, { role: 'admin' })
    expect((await screen.findByTestId('pending-order_open')).textContent).toBe(
      `becomes false at ${new Date(EFFECTIVE_AT).toLocaleString()} (asked by ada)`,
    )
    const row = screen.getByText('payout_approval_above').closest('tr')
    fireEvent.click(row?.querySelector('button') as HTMLButtonElement)
    fireEvent.change(screen.getByLabelText('payout_approval_above'), { target: { value: '1000' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect((await screen.findByText(/payout_approval_above stays "10" until/)).textContent).toContain(
      'the new value asks for fewer approvals, so it waits',
    )
    expect((await screen.findByTestId('pending-payout_approval_above')).textContent).toContain(
      'becomes "1000"',
    )
  })
})

describe('OperatorsScreen', () => {
  it('shows each API token’s end and last use, and when a new signer’s approvals count', async () => {
    const base: Operator = {
      login: 'olga',
      role: 'operator',
      disabled: false,
      hasApiToken: true,
      apiTokenExpiresAt: '2030-03-01T00:00:00.000Z',
      apiTokenLastUsedAt: '2030-01-01T09:30:00.000Z',
      signsPayoutsFrom: '2020-01-01T00:00:00.000Z',
      lockedUntil: null,
      createdAt: '2020-01-01T00:00:00.000Z',
    }
    fakeApi({
      'GET /ops/operators': () => [
        base,
        {
          ...base,
          login: 'otto',
          apiTokenLastUsedAt: null,
          signsPayoutsFrom: '2099-01-01T00:00:00.000Z',
        },
        {
          ...base,
          login: 'vera',
          role: 'viewer',
          hasApiToken: false,
          apiTokenExpiresAt: null,
          signsPayoutsFrom: null,
        },
      ],
    })
    renderScreen(<OperatorsScreen />, { role: 'admin' })
    const olga = (await screen.findByText('olga')).closest('tr')
    expect(olga?.textContent).toContain(`until ${new Date('2030-03-01T00:00:00.000Z').toLocaleDateString()}`)
    expect(olga?.textContent).toContain(`last used ${new Date('2030-01-01T09:30:00.000Z').toLocaleString()}`)
    const otto = screen.getByText('otto').closest('tr')
    expect(otto?.textContent).toContain('never used')
    expect(otto?.textContent).toContain(`from ${new Date('2099-01-01T00:00:00.000Z').toLocaleString()}`)
    expect(olga?.textContent).toContain('yes')
    expect(screen.getByText('vera').closest('tr')?.textContent).not.toMatch(/yes|from/)
  })
})
