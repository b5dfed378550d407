/**
 * The overview in time (issue 20, item 9): each queue says how long its oldest item has waited, and the last 30 days
 * are charts whose numbers are also tables (in the page for screen readers, shown with 'Show the numbers').
 */
import type { Overview, Trends } from '@app/contract/ops'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatAge, OverviewScreen } from '#screens/overview.tsx'
import { fakeApi, renderScreen } from '#test-helpers/test-harness.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const AT = '2026-11-27T12:00:00.000Z'
const overview: Overview = {
  invoicesAwaitingConfirmation: 3,
  accountsAwaitingValidation: 120,
  payoutsPending: 2,
  payoutsBroadcasting: 0,
  payoutsInReview: 1,
  payoutsAwaitingConfirmations: 2,
  payoutsConfirmationsExpired: 1,
  owed: '1500',
  paidToday: '10',
  paidTotal: '900',
  ledgerCheck: null,
  ledgerProblems: [],
  chainCheck: { trx: true, usdt: true },
  oldestSince: {
    // 2 h 30 min, 45 s, 3 d 2 h; none broadcasting; the bot outbox 5 min; no email waits.
    invoicesAwaitingConfirmation: '2026-11-27T09:30:00.000Z',
    accountsAwaitingValidation: '2026-11-27T11:59:15.000Z',
    payoutsPending: '2026-11-24T10:00:00.000Z',
    payoutsBroadcasting: null,
    payoutsInReview: '2026-11-27T11:00:00.000Z',
    botOutbox: '2026-11-27T11:55:00.000Z',
    emailOutbox: null,
  },
  at: AT,
}
const days = Array.from({ length: 30 }, (_, i) =>
  new Date(Date.UTC(2026, 9, 29 + i)).toISOString().slice(0, 10),
)
const trends: Trends = {
  days,
  submitted: days.map((_, i) => (i === 29 ? 40 : 10)),
  accepted: days.map((_, i) => (i === 29 ? 31 : 8)),
  rejected: [
    { reason: 'twoFa', counts: days.map((_, i) => (i === 29 ? 5 : 1)) },
    { reason: 'connection', counts: days.map((_, i) => (i === 29 ? 4 : 0)) },
  ],
  payouts: [
    {
      currency: 'irt',
      count: days.map((_, i) => (i === 29 ? 2 : 0)),
      amount: days.map((_, i) => (i === 29 ? '24.5' : '0')),
      paid: days.map((_, i) => (i === 29 ? '2413250' : '0')),
    },
  ],
  owed: days.map((_, i) => String(1000 + i * 10)),
  at: AT,
}

const tile = (label: string) => screen.getByText(label).closest('.tile') as HTMLElement

describe('overview in time', () => {
  it('says how long the oldest item of each queue has waited, in the warning colour from an hour', async () => {
    fakeApi({ 'GET /ops/overview': () => overview, 'GET /ops/overview/trends': () => trends })
    renderScreen(<OverviewScreen />, { role: 'viewer' })
    await screen.findByText('Invoices awaiting confirmation')
    const age = (label: string) => within(tile(label)).getByText(/^Oldest waited|^Nothing waits/)
    expect(age('Invoices awaiting confirmation').textContent).toBe('Oldest waited 2 h 30 min')
    expect(age('Invoices awaiting confirmation').className).toBe('age old')
    expect(age('Accounts awaiting validation').textContent).toBe('Oldest waited 45 s')
    expect(age('Accounts awaiting validation').className).toBe('age')
    expect(age('Transactions pending').textContent).toBe('Oldest waited 3 d 2 h')
    expect(age('Transactions broadcasting').textContent).toBe('Nothing waits')
    expect(age('Bot messages unsent').textContent).toBe('Oldest waited 5 min')
    expect(age('Emails unsent').textContent).toBe('Nothing waits')
    expect(formatAge(59)).toBe('59 s')
    // The chain check's queues (docs/transactions.md): each count a link to its transactions.
    expect(tile('Transactions waiting for confirmations').textContent).toContain('2')
    expect(tile('Transactions waiting for confirmations').getAttribute('href')).toBe(
      '/transactions?status=all&check=waiting',
    )
    expect(tile('Transactions not final in time').getAttribute('href')).toBe(
      '/transactions?status=all&check=expired',
    )
  })

  it("shows the last periodic ledger check's verdict and age: none yet, balanced, or its problems", async () => {
    const shown = async (ledger: Pick<Overview, 'ledgerCheck' | 'ledgerProblems'>) => {
      cleanup()
      fakeApi({
        'GET /ops/overview': () => ({ ...overview, ...ledger }),
        'GET /ops/overview/trends': () => trends,
      })
      renderScreen(<OverviewScreen />, { role: 'viewer' })
      await screen.findByText('Ledger')
      return tile('Ledger')
    }
    expect((await shown({ ledgerCheck: null, ledgerProblems: [] })).textContent).toContain(
      'UncheckedNo check has run yet',
    )
    const balanced = await shown({
      ledgerCheck: { at: '2026-11-27T11:55:00.000Z', problems: 0 },
      ledgerProblems: [],
    })
    expect(balanced.className).toBe('tile ok')
    expect(balanced.textContent).toContain('BalancedChecked 5 min ago')
    const problems = [
      'user 7: accepted net 1 + earned 0 != available 0 + live invoices 0',
      'invoice x: paid twice',
    ]
    const bad = await shown({
      ledgerCheck: { at: '2026-11-27T11:59:30.000Z', problems: 1234 },
      ledgerProblems: problems,
    })
    expect(bad.className).toBe('tile bad')
    expect(bad.textContent).toContain('1,234 problem(s)Checked 30 s ago')
    expect(within(bad).getByText(problems[1] as string)).toBeTruthy()
  })

  it('draws the 30 days, each chart with a table of every day: accounts, rejections by reason, transactions, owed', async () => {
    fakeApi({ 'GET /ops/overview': () => overview, 'GET /ops/overview/trends': () => trends })
    renderScreen(<OverviewScreen />, { role: 'viewer' })
    const accounts = await screen.findByTestId('trend-accounts')
    // The table is in the page for screen readers (sr-only) before anyone asks to see it.
    const table = within(accounts).getByRole('table', { name: 'Accounts per day, per day (UTC)' })
    expect(table.closest('.trend-table')?.className).toBe('trend-table sr-only')
    // Hidden, it is no stop for the keyboard; shown, it scrolls, so it takes focus with a name (axe's
    // scrollable-region-focusable: the four tables were regions no keyboard could reach, issue 38).
    expect(table.closest('.trend-table')?.hasAttribute('tabindex')).toBe(false)
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(31)
    expect(rows[0]?.textContent).toBe('DaySubmittedAcceptedRejected')
    expect(rows[30]?.textContent).toBe('2026-11-2740319')
    fireEvent.click(within(accounts).getByRole('button', { name: 'Show the numbers' }))
    expect(table.closest('.trend-table')?.className).toBe('trend-table')
    const region = within(accounts).getByRole('region', { name: 'Accounts per day, the numbers' })
    expect(region.tabIndex).toBe(0)
    expect(region.contains(table)).toBe(true)

    const reasons = within(screen.getByTestId('trend-rejections')).getAllByRole('columnheader')
    expect(reasons.map((h) => h.textContent)).toEqual(['Day', 'Two-step verification', 'Connection'])
    const transactions = within(screen.getByTestId('trend-transactions')).getAllByRole('row')
    expect(transactions[0]?.textContent).toBe('DayToman transactions')
    expect(transactions[30]?.textContent).toBe('2026-11-2724.50')
    const owed = within(screen.getByTestId('trend-owed')).getAllByRole('row')
    expect(owed[30]?.textContent).toBe('2026-11-271,290.00')
  })
})
