/**
 * The Transactions screen's words (issue 38, item 11): the 'Record the transaction' dialog describes a chain check only when
 * the server reads that chain (the overview's `chainCheck`), and otherwise says the transaction is recorded unverified;
 * each transaction names its user as invoices do; a failed or paid transaction never says 'Needs approval'; the notice after a
 * move is a sentence ('Transaction 606f66d5 succeeded.').
 */
import type { OpsTransaction } from '@app/contract/ops'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TransactionsScreen } from '#screens/transactions.tsx'
import {
  fakeApi,
  opsChainCheck,
  opsOverview,
  opsTransaction,
  renderScreen,
} from '../helpers/test-harness.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const TXID = 'ab'.repeat(32)
const uid = (n: number) => `${n}06f66d5-0000-4000-8000-00000000000${n}`
const rowOf = (n: number) => screen.getByText(uid(n).slice(0, 8)).closest('tr') as HTMLElement
const ABOVE = { required: true, approvalAbove: '0.5', approvals: [] }

function payoutsWith(items: OpsTransaction[], chainCheck = { trx: false, usdt: false }) {
  return fakeApi({
    'GET /ops/transactions': () => ({ items, nextPage: null }),
    'GET /ops/overview': () => opsOverview({ chainCheck }),
  })
}

describe('Transactions: the words', () => {
  it('the dialog says the transaction is recorded unverified when no chain is read', async () => {
    payoutsWith([opsTransaction({ uid: uid(1) }), opsTransaction({ uid: uid(2), currency: 'usdt' })])
    renderScreen(<TransactionsScreen />, { url: '/transactions', role: 'operator' })
    await screen.findByText(uid(1).slice(0, 8))
    fireEvent.click(within(rowOf(1)).getByRole('button', { name: 'Succeeded…' }))
    expect((await screen.findByTestId('succeed-rule')).textContent).toBe(
      'No TRON endpoint is set (TRON_API_ROOT): nothing is read from the chain, and the transaction is recorded unverified, as you type it. Check the transaction on TronScan first.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    fireEvent.click(within(rowOf(2)).getByRole('button', { name: 'Succeeded…' }))
    expect(screen.getByTestId('succeed-rule').textContent).toBe(
      'No BSC endpoint is set (BSC_RPC_URL): nothing is read from the chain, and the transaction is recorded unverified, as you type it. Check the transaction on BscScan first.',
    )
  })

  it('the dialog describes the chain check where the chain is read', async () => {
    payoutsWith([opsTransaction({ uid: uid(1) }), opsTransaction({ uid: uid(2), currency: 'usdt' })], {
      trx: true,
      usdt: false,
    })
    renderScreen(<TransactionsScreen />, { url: '/transactions', role: 'operator' })
    await screen.findByText(uid(1).slice(0, 8))
    fireEvent.click(within(rowOf(1)).getByRole('button', { name: 'Succeeded…' }))
    expect((await screen.findByTestId('succeed-rule')).textContent).toBe(
      'The TRON chain is read first: it must show exactly this amount sent from the sender to this address. Not final yet, the transaction waits as broadcasting until it is.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    fireEvent.click(within(rowOf(2)).getByRole('button', { name: 'Succeeded…' }))
    expect(screen.getByTestId('succeed-rule').textContent).toMatch(/^No BSC endpoint is set/)
  })

  it('names each transaction’s user as invoices do; a failed or paid transaction does not need an approval', async () => {
    payoutsWith([
      opsTransaction({ uid: uid(1), telegramId: 884000001, firstName: 'سارا', fourEyes: ABOVE }),
      opsTransaction({ uid: uid(2), status: 'failed', fourEyes: ABOVE }),
      opsTransaction({ uid: uid(3), status: 'success', txid: TXID, fourEyes: ABOVE }),
      opsTransaction({ uid: uid(4), telegramId: null, firstName: '' }),
    ])
    renderScreen(<TransactionsScreen />, { url: '/transactions?status=all', role: 'operator' })
    await screen.findByText(uid(1).slice(0, 8))
    const user = within(rowOf(1)).getByRole('link', { name: 'سارا' })
    expect(user.getAttribute('href')).toBe('/users?telegramId=884000001')
    expect(within(rowOf(4)).getByText('email only')).toBeTruthy()
    expect(within(rowOf(1)).getByTestId('four-eyes').textContent).toBe('Needs approval (above 0.5 USDT)')
    expect(within(rowOf(2)).getByTestId('four-eyes').textContent).toBe('—')
    expect(within(rowOf(3)).getByTestId('four-eyes').textContent).toBe('—')
  })

  it.each([
    ['succeed', { status: 'success' }, 'Transaction 106f66d5 succeeded.'],
    [
      'succeed',
      {
        status: 'broadcasting',
        txid: TXID,
        chainCheck: opsChainCheck({ state: 'waiting', confirmations: 3, required: 19 }),
      },
      'Transaction 106f66d5 is recorded and waits for 3 of 19 confirmations: it succeeds once final.',
    ],
    ['broadcast', { status: 'broadcasting' }, 'Transaction 106f66d5 is broadcasting.'],
    ['review', { status: 'review' }, 'Transaction 106f66d5 is under review.'],
    ['fail', { status: 'failed' }, 'Transaction 106f66d5 failed.'],
  ] as const)('after %s answering %o the notice reads %j', async (move, answer, notice) => {
    fakeApi({
      'GET /ops/transactions': () => ({ items: [opsTransaction({ uid: uid(1) })], nextPage: null }),
      'GET /ops/overview': () => opsOverview({ chainCheck: { trx: true, usdt: true } }),
      [`POST /ops/transactions/${uid(1)}/${move}`]: () => opsTransaction({ uid: uid(1), ...answer }),
    })
    renderScreen(<TransactionsScreen />, { url: '/transactions', role: 'operator' })
    await screen.findByText(uid(1).slice(0, 8))
    const row = rowOf(1)
    if (move === 'succeed') {
      fireEvent.click(within(row).getByRole('button', { name: 'Succeeded…' }))
      fireEvent.change(screen.getByLabelText('Transaction id (txid)'), { target: { value: TXID } })
      fireEvent.change(screen.getByLabelText(/Sender address/), {
        target: { value: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
      })
      fireEvent.click(screen.getByRole('button', { name: 'Record as paid' }))
    } else if (move === 'broadcast') {
      fireEvent.click(within(row).getByRole('button', { name: 'Broadcast' }))
    } else {
      fireEvent.click(within(row).getByRole('button', { name: move === 'fail' ? 'Fail' : 'Review' }))
      const dialog = await screen.findByRole('dialog')
      fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'checked by phone' } })
      fireEvent.click(
        within(dialog).getByRole('button', { name: move === 'fail' ? 'Mark failed' : 'Review' }),
      )
    }
    expect((await screen.findByText(/^Transaction 106f66d5 /)).textContent).toBe(notice)
  })
})
