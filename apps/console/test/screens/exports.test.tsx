/** Exports (issue 20, item 10): the period in the URL, one download link per file, transactions for operators only. */
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ExportsScreen } from '#screens/exports.tsx'
import { location, renderScreen } from '#test-helpers/test-harness.tsx'

afterEach(cleanup)

const link = (name: RegExp) => screen.getByRole('link', { name }) as HTMLAnchorElement

describe('exports', () => {
  it('links each CSV of the period in the URL, named by it; a changed day goes to the URL and the links', () => {
    renderScreen(<ExportsScreen />, { url: '/exports?from=2026-10-01&to=2026-10-31', role: 'operator' })
    expect(link(/invoices CSV/).getAttribute('href')).toBe(
      '/ops/exports/invoices?from=2026-10-01&to=2026-10-31',
    )
    expect(link(/transactions CSV/).getAttribute('href')).toBe(
      '/ops/exports/payouts?from=2026-10-01&to=2026-10-31',
    )
    expect(link(/ledger CSV/).getAttribute('download')).toBe('ledger-2026-10-01-to-2026-10-31.csv')
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-15' } })
    expect(location.current).toBe('/exports?from=2026-10-01&to=2026-11-15')
    expect(link(/ledger CSV/).getAttribute('href')).toBe('/ops/exports/ledger?from=2026-10-01&to=2026-11-15')
  })

  it('starts at the first of this month to today (UTC)', () => {
    renderScreen(<ExportsScreen />, { url: '/exports', role: 'operator' })
    const today = new Date().toISOString().slice(0, 10)
    expect(link(/invoices CSV/).getAttribute('href')).toBe(
      `/ops/exports/invoices?from=${today.slice(0, 8)}01&to=${today}`,
    )
  })

  it('a viewer exports invoices and the ledger, and reads why transactions need an operator', () => {
    renderScreen(<ExportsScreen />, { url: '/exports?from=2026-10-01&to=2026-10-31', role: 'viewer' })
    expect(link(/invoices CSV/)).toBeTruthy()
    expect(link(/ledger CSV/)).toBeTruthy()
    expect(screen.queryByRole('link', { name: /transactions CSV/ })).toBeNull()
    expect(screen.getByText(/exporting them needs the operator role/)).toBeTruthy()
  })

  it('a period that ends before it starts offers no file and says why', () => {
    renderScreen(<ExportsScreen />, { url: '/exports?from=2026-10-31&to=2026-10-01', role: 'admin' })
    expect(screen.getByRole('alert').textContent).toBe('The period ends before it starts.')
    expect(screen.queryAllByRole('link')).toEqual([])
  })

  it('a day outside the range the server takes offers no file and names the range', () => {
    renderScreen(<ExportsScreen />, { url: '/exports?from=0000-01-01&to=9999-12-31', role: 'admin' })
    expect(screen.getByRole('alert').textContent).toBe('Choose days from 2000-01-01 to 2099-12-31.')
    expect(screen.queryAllByRole('link')).toEqual([])
    expect(screen.getByLabelText('From').getAttribute('min')).toBe('2000-01-01')
    expect(screen.getByLabelText('To').getAttribute('max')).toBe('2099-12-31')
  })
})
