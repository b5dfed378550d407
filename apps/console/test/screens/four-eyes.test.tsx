/**
 * Four eyes and API tokens on the console (docs/console.md): the Settings screen shows a change that waits and says
 * why after saving one; the Operators screen shows each API token's end and last use and when a new signer counts;
 * the Transactions screen shows who approved a transaction, on its row and in its detail, and disables, with the reason, what
 * the signed-in operator may not do (issue 20, item 7).
 */
import type { Operator, OpsTransaction, PendingSetting } from '@app/contract/ops'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OperatorsScreen } from '#screens/operators.tsx'
import { SettingsScreen } from '#screens/settings.tsx'
import { TransactionsScreen } from '#screens/transactions.tsx'
import { errorAnswer, fakeApi, location, opsTransaction, renderScreen } from '../helpers/test-harness.tsx'

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
      `becomes Off at ${new Date(EFFECTIVE_AT).toLocaleString()} (asked by ada)`,
    )
    const row = screen.getByText('payout_approval_above').closest('tr')
    fireEvent.click(row?.querySelector('button') as HTMLButtonElement)
    fireEvent.change(screen.getByLabelText('payout_approval_above'), { target: { value: '1000' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect((await screen.findByText(/payout_approval_above stays 10 USDT until/)).textContent).toContain(
      'the new value asks for fewer approvals, so it waits',
    )
    expect((await screen.findByTestId('pending-payout_approval_above')).textContent).toContain(
      'becomes 1,000 USDT',
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

describe('TransactionsScreen, four eyes', () => {
  const APPROVED_AT = '2030-01-01T09:30:00.000Z'
  const large = (approvals: OpsTransaction['fourEyes']['approvals']) =>
    opsTransaction({ amount: '250', fourEyes: { required: true, approvalAbove: '100', approvals } })
  const payoutRow = () => screen.getByText('00000000').closest('tr') as HTMLElement
  const button = (name: string) => within(payoutRow()).getByRole('button', { name }) as HTMLButtonElement
  /** The reason a disabled button gives, read as assistive technology reads it. */
  const why = (name: string) => {
    const id = button(name).getAttribute('aria-describedby')
    return id ? document.getElementById(id)?.textContent : undefined
  }

  it('after Approve, the row says who approved, and the approver may neither approve again nor send it, and is told why', async () => {
    let approvals: OpsTransaction['fourEyes']['approvals'] = []
    const calls = fakeApi({
      'GET /ops/transactions': () => ({ items: [large(approvals)], nextPage: null }),
      'POST /ops/transactions/00000000-0000-4000-8000-000000000001/approve': () => {
        approvals = [{ login: 'sara', approvedAt: APPROVED_AT, counts: true }]
        return { uid: opsTransaction().uid, required: true, approvedBy: ['sara'], status: 'pending' }
      },
    })
    renderScreen(<TransactionsScreen />, { url: '/transactions', role: 'operator', login: 'sara' })
    await screen.findByText('00000000')
    expect(within(payoutRow()).getByTestId('four-eyes').textContent).toBe('Needs approval (above 100 USDT)')
    expect(button('Broadcast').disabled).toBe(true)
    expect(why('Broadcast')).toBe(
      'Above 100 USDT: it needs another operator’s approval before you send it (four eyes).',
    )
    expect(button('Approve').disabled).toBe(false)

    fireEvent.click(button('Approve'))
    await waitFor(() =>
      expect(within(payoutRow()).getByTestId('four-eyes').textContent).toBe(
        `Approved by sara ${new Date(APPROVED_AT).toLocaleString()}`,
      ),
    )
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1)
    expect(button('Approve').disabled).toBe(true)
    expect(why('Approve')).toBe('You approved it: another operator sends it.')
    for (const send of ['Broadcast', 'Succeeded…']) {
      expect(button(send).disabled).toBe(true)
      expect(why(send)).toBe(
        'Your own approval does not count for you: another operator sends it on your approval.',
      )
    }
    // Failing it or putting it under review needs no second operator.
    expect(button('Fail').disabled).toBe(false)
  })

  it("another operator's approval lets this one send; one that no longer counts does not, and says so", async () => {
    let approvals = [{ login: 'olga', approvedAt: APPROVED_AT, counts: true }]
    fakeApi({ 'GET /ops/transactions': () => ({ items: [large(approvals)], nextPage: null }) })
    const view = renderScreen(<TransactionsScreen />, {
      url: '/transactions',
      role: 'operator',
      login: 'sara',
    })
    await screen.findByText('00000000')
    expect(button('Broadcast').disabled).toBe(false)
    expect(button('Broadcast').getAttribute('aria-describedby')).toBeNull()

    view.unmount()
    approvals = [{ login: 'olga', approvedAt: APPROVED_AT, counts: false }]
    renderScreen(<TransactionsScreen />, { url: '/transactions', role: 'operator', login: 'sara' })
    await screen.findByText('00000000')
    expect(within(payoutRow()).getByTestId('four-eyes').textContent).toContain(
      'olga’s approval no longer counts',
    )
    expect(button('Broadcast').disabled).toBe(true)
    expect(why('Broadcast')).toBe(
      'olga’s approval no longer counts (disabled, demoted, or before their signing time): olga approves again, or another operator approves it.',
    )
  })

  it('a refusal shows on the transaction’s own row, in the server’s words', async () => {
    fakeApi({
      'GET /ops/transactions': () => ({ items: [opsTransaction()], nextPage: null }),
      'POST /ops/transactions/00000000-0000-4000-8000-000000000001/broadcast': () =>
        errorAnswer(409, 'INVALID_STATE', 'Transaction is broadcasting; cannot move it to broadcasting'),
    })
    renderScreen(<TransactionsScreen />, { url: '/transactions', role: 'operator', login: 'sara' })
    await screen.findByText('00000000')
    fireEvent.click(button('Broadcast'))
    expect((await within(payoutRow()).findByRole('alert')).textContent).toBe(
      'Transaction is broadcasting; cannot move it to broadcasting',
    )
  })

  it('the detail (in the URL) lists every approval with its time and whether it counts', async () => {
    fakeApi({
      'GET /ops/transactions': () => ({
        items: [
          large([
            { login: 'olga', approvedAt: APPROVED_AT, counts: false },
            { login: 'otto', approvedAt: APPROVED_AT, counts: true },
          ]),
        ],
        nextPage: null,
      }),
    })
    renderScreen(<TransactionsScreen />, { url: '/transactions', role: 'viewer', login: 'vera' })
    await screen.findByText('00000000')
    fireEvent.click(within(payoutRow()).getByRole('button', { name: 'Details' }))
    expect(location.current).toBe(`/transactions?transaction=${opsTransaction().uid}`)
    const detail = await screen.findByRole('region', { name: 'Transaction 00000000' })
    expect(detail.textContent).toContain(opsTransaction().uid)
    const approvals = within(detail)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(approvals).toEqual([
      `olga approved ${new Date(APPROVED_AT).toLocaleString()}: no longer counts (disabled, demoted, or before their signing time)`,
      `otto approved ${new Date(APPROVED_AT).toLocaleString()}: counts`,
    ])
    expect(detail.textContent).toContain('Needs a second operator’s approval: above 100 USDT')
  })
})
