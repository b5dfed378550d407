/**
 * The chain check on the Transactions screen (docs/transactions.md, 'Chain check'): each transaction's check on its row (verified,
 * waiting N of M confirmations, refused and why, not verified, a bank transfer) with the explorer link, in its
 * detail, the queue filter, and the succeed dialog saying what is checked (toman: the typed reference, four eyes).
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
const check = opsChainCheck
const uid = (n: number) => `${n}0000000-0000-4000-8000-00000000000${n}`

const PAYOUTS: OpsTransaction[] = [
  opsTransaction({
    uid: uid(1),
    status: 'success',
    txid: TXID,
    chainCheck: check({
      state: 'verified',
      confirmations: 19,
      required: 19,
      explorerUrl: `https://tronscan.org/#/transaction/${TXID}`,
    }),
  }),
  opsTransaction({
    uid: uid(2),
    currency: 'usdt',
    status: 'broadcasting',
    txid: `0x${TXID}`,
    chainCheck: check({
      state: 'waiting',
      confirmations: 3,
      required: 15,
      explorerUrl: `https://bscscan.com/tx/0x${TXID}`,
    }),
  }),
  opsTransaction({
    uid: uid(3),
    chainCheck: check({
      state: 'refused',
      reason: 'Another amount: expected 35 TRX (35000000 sun), found 34.99 TRX (34990000 sun)',
    }),
  }),
  opsTransaction({ uid: uid(4), status: 'success', txid: TXID, chainCheck: check({ state: 'unverified' }) }),
  opsTransaction({
    uid: uid(5),
    currency: 'irt',
    net: '985000',
    receiverAddress: 'IR910550012340000000123456',
    chainCheck: check({ state: 'not_applicable' }),
  }),
]

const rowOf = (n: number) => screen.getByText(uid(n).slice(0, 8)).closest('tr') as HTMLElement
const checkOf = (n: number) => within(rowOf(n)).getByTestId('chain-check')

describe('Transactions: the chain check', () => {
  it('shows each transaction’s check on its row with the explorer link', async () => {
    const calls = fakeApi({ 'GET /ops/transactions': () => ({ items: PAYOUTS, nextPage: null }) })
    renderScreen(<TransactionsScreen />, { url: '/transactions?status=all&check=waiting', role: 'operator' })
    await screen.findByText('10000000')
    const list = calls.find((c) => c.url.pathname === '/ops/transactions')
    expect(list?.url.searchParams.get('chainCheck')).toBe('waiting')
    expect(checkOf(1).textContent).toBe('Verified 19 of 19 confirmationsView on TronScan')
    expect(within(checkOf(1)).getByRole('link').getAttribute('href')).toBe(
      `https://tronscan.org/#/transaction/${TXID}`,
    )
    expect(checkOf(2).textContent).toBe('Waiting 3 of 15 confirmationsView on BscScan')
    expect(checkOf(3).textContent).toBe(
      'RefusedRefused: Another amount: expected 35 TRX (35000000 sun), found 34.99 TRX (34990000 sun)',
    )
    expect(checkOf(4).textContent).toBe(
      'Not verifiedNot verified: no chain endpoint was set when it was recorded',
    )
    expect(checkOf(5).textContent).toBe(
      'Bank transferBank transfer: no chain to check (the typed reference and four eyes)',
    )
  })

  it('the detail shows the check; the succeed dialog says what the chain must show, or that toman is not checked', async () => {
    fakeApi({
      'GET /ops/transactions': () => ({ items: PAYOUTS, nextPage: null }),
      'GET /ops/overview': () => opsOverview({ chainCheck: { trx: true, usdt: true } }),
    })
    renderScreen(<TransactionsScreen />, {
      url: `/transactions?status=all&transaction=${uid(2)}`,
      role: 'operator',
    })
    await screen.findByText('10000000')
    const detail = screen.getByRole('region', { name: `Transaction ${uid(2).slice(0, 8)}` })
    expect(within(detail).getByTestId('chain-check').textContent).toBe(
      'Waiting 3 of 15 confirmationsView on BscScan',
    )
    fireEvent.click(within(rowOf(3)).getByRole('button', { name: 'Succeeded…' }))
    expect((await screen.findByTestId('succeed-rule')).textContent).toBe(
      'The TRON chain is read first: it must show exactly this amount sent from the sender to this address. Not final yet, the transaction waits as broadcasting until it is.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    fireEvent.click(within(rowOf(5)).getByRole('button', { name: 'Succeeded…' }))
    expect(screen.getByTestId('succeed-rule').textContent).toBe(
      'A bank transfer cannot be checked on a chain: the reference you type is recorded as it is, with four eyes.',
    )
  })
})

describe('Transactions: a chain endpoint that cannot answer', () => {
  it('is the refusal of that call, in the server’s words: no outage banner, not sent again by itself', async () => {
    const calls = fakeApi({
      'GET /ops/transactions': () => ({ items: [opsTransaction()], nextPage: null }),
      'POST /ops/transactions/00000000-0000-4000-8000-000000000001/succeed': () =>
        new Response(
          JSON.stringify({
            statusCode: 503,
            code: 'CHAIN_UNAVAILABLE',
            message:
              'The TRON endpoint cannot be read now (the TRON API did not answer /wallet/gettransactionbyid within 10000 ms); nothing was recorded, try again',
            details: { chain: 'tron', wait: 30 },
          }),
          { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '30' } },
        ),
    })
    renderScreen(<TransactionsScreen />, { url: '/transactions', role: 'operator' })
    await screen.findByText('00000000')
    fireEvent.click(screen.getByRole('button', { name: 'Succeeded…' }))
    fireEvent.change(screen.getByLabelText('Transaction id (txid)'), { target: { value: TXID } })
    fireEvent.change(screen.getByLabelText(/Sender address/), {
      target: { value: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Record as paid' }))
    expect((await screen.findByRole('alert')).textContent).toContain('The TRON endpoint cannot be read now')
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1)
    expect(screen.queryByText('Temporarily unavailable. Retrying…')).toBeNull()
  })
})
