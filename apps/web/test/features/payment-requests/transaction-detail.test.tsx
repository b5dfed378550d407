import type { Transaction } from '@app/contract'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { formatTimestamp } from '#lib/format.ts'
import { apiError, json } from '#test-helpers/fake-server.ts'
import {
  BSC,
  IBAN,
  INVOICE,
  openPayments,
  PERSIAN,
  TRANSACTION,
  TRON,
  transactionFixture,
} from './payment-requests-fixtures.ts'

const TXID = 'a3f1c0ffee0000000000000000000000000000000000000000000000000000b7'
const SENDER_TRON = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL'
const SENDER_BSC = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'

/** Another invoice than the route's: back from the transaction's own path follows the transaction. */
const OTHER_INVOICE = '0b0e6a8e-5f6d-4c1e-9a53-3f0c2d1e9999'

function openTransaction(
  transaction: Transaction,
  options: { path?: string; version?: string; user?: typeof PERSIAN } = {},
) {
  const { path = `/transactions/${transaction.uid}`, ...rest } = options
  const opened = openPayments(path, rest)
  opened.server.on('GET', `/transactions/${transaction.uid}`, () => json(transaction))
  return opened
}

describe('transaction detail', () => {
  it('USDT, completed: net, no rate line, fee, paid date, BscScan link, sender and receiver', async () => {
    const transaction = transactionFixture({
      currency: 'usdt',
      net: 49.7,
      rate: 1,
      userFee: 0.3,
      status: 'success',
      paidAt: 1_700_000_600,
      txid: TXID,
      senderAddress: SENDER_BSC,
      receiverAddress: BSC,
    })
    const { telegram, user } = openTransaction(transaction, { version: '8.0' })
    expect(await screen.findByTestId('transaction-net')).toHaveTextContent('49.70 USDT')
    expect(screen.queryByTestId('transaction-rate')).not.toBeInTheDocument()
    expect(screen.queryByTestId('transaction-usdt')).not.toBeInTheDocument()
    expect(screen.getByTestId('transaction-fee')).toHaveTextContent('-0.30 USDT Fee')
    expect(screen.getByTestId('transaction-status')).toHaveTextContent('Completed')
    expect(screen.getByTestId('transaction-created')).toHaveTextContent(formatTimestamp(1_700_000_000))
    expect(screen.getByTestId('transaction-paid')).toHaveTextContent(formatTimestamp(1_700_000_600))
    expect(screen.queryByTestId('transaction-pending-note')).not.toBeInTheDocument()
    expect(screen.getByTestId('transaction-sender')).toHaveTextContent(SENDER_BSC)
    expect(screen.getByTestId('transaction-receiver')).toHaveTextContent(BSC)
    expect(screen.getByTestId('transaction-referrer')).toHaveTextContent('777000111')

    const link = screen.getByRole('link', { name: /View on BscScan/ })
    expect(link).toHaveAttribute('href', `https://bscscan.com/tx/${TXID}`)
    expect(link).toHaveTextContent(TXID)
    await user.click(link)
    expect(telegram.posted('web_app_open_link')).toContainEqual(
      expect.objectContaining({ url: `https://bscscan.com/tx/${TXID}` }),
    )
  })

  it('TRX, pending: rate line, USDT equivalent, the 5-minute note, no paid date, no fee', async () => {
    openTransaction(
      transactionFixture({ currency: 'trx', net: 161.5, rate: 3.25, userFee: 0, receiverAddress: TRON }),
    )
    expect(await screen.findByTestId('transaction-net')).toHaveTextContent('161.50 TRX')
    expect(screen.getByTestId('transaction-rate')).toHaveTextContent('1 USDT = 3.25 TRX')
    expect(screen.getByTestId('transaction-usdt')).toHaveTextContent('≈ 49.69 USDT')
    expect(screen.getByTestId('transaction-status')).toHaveTextContent('Pending')
    expect(screen.getByTestId('transaction-pending-note')).toHaveTextContent(
      'Transaction may take up to 5 minutes to complete.',
    )
    expect(screen.queryByTestId('transaction-fee')).not.toBeInTheDocument()
    expect(screen.queryByTestId('transaction-paid')).not.toBeInTheDocument()
    // No txid yet: nothing to look up.
    expect(screen.queryByTestId('transaction-explorer')).not.toBeInTheDocument()
  })

  it('TRX, completed: the Tronscan link', async () => {
    openTransaction(
      transactionFixture({
        currency: 'trx',
        net: 161.5,
        rate: 3.25,
        userFee: 0,
        status: 'success',
        paidAt: 1_700_000_900,
        txid: TXID,
        senderAddress: SENDER_TRON,
        receiverAddress: TRON,
      }),
    )
    expect(await screen.findByRole('link', { name: /View on Tronscan/ })).toHaveAttribute(
      'href',
      `https://tronscan.org/#/transaction/${TXID}`,
    )
    expect(screen.getByTestId('transaction-sender')).toHaveTextContent(SENDER_TRON)
  })

  it('toman, pending: rate and USDT equivalent, no 5-minute note, no explorer, the IBAN', async () => {
    openTransaction(
      transactionFixture({
        currency: 'irt',
        net: 4_895_450,
        rate: 98_500,
        userFee: 0,
        receiverAddress: IBAN,
        referrerTelegramId: null,
      }),
    )
    expect(await screen.findByTestId('transaction-net')).toHaveTextContent('4,895,450 Toman')
    expect(screen.getByTestId('transaction-rate')).toHaveTextContent('1 USDT = 98,500 Toman')
    expect(screen.getByTestId('transaction-usdt')).toHaveTextContent('≈ 49.70 USDT')
    expect(screen.queryByTestId('transaction-pending-note')).not.toBeInTheDocument()
    expect(screen.queryByTestId('transaction-explorer')).not.toBeInTheDocument()
    expect(screen.queryByTestId('transaction-sender')).not.toBeInTheDocument()
    expect(screen.getByTestId('transaction-receiver')).toHaveTextContent(`Receiver IBAN${IBAN}`)
    expect(screen.queryByTestId('transaction-referrer')).not.toBeInTheDocument()
  })

  it('toman, completed: paid date, still no explorer link', async () => {
    openTransaction(
      transactionFixture({
        currency: 'irt',
        net: 4_895_450,
        rate: 98_500,
        userFee: 0,
        status: 'success',
        paidAt: 1_700_003_600,
        txid: 'BANK-REF-001',
        receiverAddress: IBAN,
      }),
    )
    expect(await screen.findByTestId('transaction-paid')).toHaveTextContent(formatTimestamp(1_700_003_600))
    expect(screen.queryByTestId('transaction-explorer')).not.toBeInTheDocument()
    expect(screen.getByTestId('transaction-tracking')).toHaveTextContent('Tracking numberBANK-REF-001')
  })

  const PAID_TOMAN = {
    currency: 'irt',
    status: 'success',
    paidAt: 1_700_003_600,
    txid: 'BANK-REF-001',
    receiverAddress: IBAN,
  } as const

  it("copies a toman payout's tracking number (the bank reference) with its copy button", async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    const { user } = openTransaction(transactionFixture(PAID_TOMAN))
    await user.click(await screen.findByRole('button', { name: 'Copy Tracking number' }))
    expect(writeText).toHaveBeenCalledWith('BANK-REF-001')
    expect(await screen.findByRole('status')).toHaveTextContent('Copied')
  })

  it('shows the tracking number in Persian, left to right', async () => {
    openTransaction(transactionFixture(PAID_TOMAN), { user: PERSIAN })
    const cell = await screen.findByTestId('transaction-tracking')
    expect(cell).toHaveTextContent('کد پیگیری')
    expect(screen.getByText('BANK-REF-001')).toHaveAttribute('dir', 'ltr')
  })

  it.each([
    [
      'a toman payout before the bank reference is recorded',
      { ...PAID_TOMAN, status: 'pending', txid: null },
    ],
    ['a crypto payout (its txid is the explorer link)', { currency: 'trx', status: 'success', txid: TXID }],
  ] as const)('no tracking number for %s', async (_, overrides) => {
    openTransaction(transactionFixture(overrides))
    await screen.findByTestId('transaction-status')
    expect(screen.queryByTestId('transaction-tracking')).not.toBeInTheDocument()
  })

  it.each([
    ['broadcasting', 'Processing', 'The payment is being sent.'],
    ['review', 'Review', 'being reviewed'],
    ['failed', 'Failed', 'You can request the payment again.'],
  ] as const)('status %s reads %s', async (status, name, details) => {
    openTransaction(transactionFixture({ status }))
    const row = await screen.findByTestId('transaction-status')
    expect(row).toHaveTextContent(name)
    expect(row).toHaveTextContent(details)
    expect(screen.queryByTestId('transaction-pending-note')).not.toBeInTheDocument()
    expect(screen.queryByTestId('transaction-paid')).not.toBeInTheDocument()
  })

  it('a paid date only when completed, even if one is set', async () => {
    openTransaction(transactionFixture({ status: 'review', paidAt: 1_700_000_600 }))
    await screen.findByTestId('transaction-status')
    expect(screen.queryByTestId('transaction-paid')).not.toBeInTheDocument()
  })

  it('copies the receiver address with the copy button', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    const { user } = openTransaction(transactionFixture())
    await user.click(await screen.findByRole('button', { name: 'Copy Receiver address' }))
    expect(writeText).toHaveBeenCalledWith(BSC)
    expect(await screen.findByRole('status')).toHaveTextContent('Copied')
  })

  it('copies the receiver address on press and hold', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    openTransaction(transactionFixture())
    const cell = await screen.findByTestId('transaction-receiver')
    fireEvent.pointerDown(cell, { button: 0, pointerType: 'touch' })
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)))
    expect(writeText).toHaveBeenCalledWith(BSC)
  })

  it('in Persian', async () => {
    openTransaction(transactionFixture({ status: 'pending' }), { user: PERSIAN })
    expect(await screen.findByRole('heading', { level: 1, name: 'تراکنش' })).toBeInTheDocument()
    expect(screen.getByTestId('transaction-status')).toHaveTextContent('در انتظار')
    expect(screen.getByTestId('transaction-pending-note')).toHaveTextContent('5 دقیقه')
    expect(screen.getByTestId('transaction-net')).toHaveAttribute('dir', 'ltr')
  })

  it('shows a spinner, then the 404 page for an unknown transaction', async () => {
    const { server } = openPayments(`/transactions/${TRANSACTION}`)
    let answer: (response: Response) => void = () => undefined
    server.on(
      'GET',
      `/transactions/${TRANSACTION}`,
      () => new Promise<Response>((resolve) => (answer = resolve)),
    )
    expect(await screen.findByTestId('transaction-loading')).toBeInTheDocument()
    answer(apiError(404, 'NOT_FOUND'))
    expect(await screen.findByRole('heading', { name: '404 Page not found!' })).toBeInTheDocument()
  })

  it('shows the 404 page for a malformed uid (400)', async () => {
    const { server } = openPayments('/transactions/not-a-uid')
    server.on('GET', '/transactions/not-a-uid', () => apiError(400, 'VALIDATION_ERROR'))
    expect(await screen.findByRole('heading', { name: '404 Page not found!' })).toBeInTheDocument()
  })

  it('a server failure can be tried again', async () => {
    const { server, user } = openPayments(`/transactions/${TRANSACTION}`)
    server.on('GET', `/transactions/${TRANSACTION}`, () => apiError(503, 'SERVICE_UNAVAILABLE'))
    expect(await screen.findByTestId('transaction-error')).toHaveTextContent(
      'The transaction could not be loaded.',
    )
    await user.click(await screen.findByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(server.callsTo('GET', `/transactions/${TRANSACTION}`)).toHaveLength(2))
  })

  it("back: to the invoice under an invoice route; on the transaction's own path (a bot button), to its invoice", async () => {
    const transaction = transactionFixture()
    const first = openTransaction(transaction, {
      path: `/invoices/${INVOICE}/transactions/${transaction.uid}`,
      version: '8.0',
    })
    await screen.findByTestId('transaction-detail')
    act(() => first.telegram.emit('back_button_pressed'))
    await waitFor(() => expect(window.location.pathname).toBe(`/invoices/${INVOICE}`))
    first.unmount()

    const second = openTransaction({ ...transaction, invoiceUid: OTHER_INVOICE }, { version: '8.0' })
    await screen.findByTestId('transaction-detail')
    act(() => second.telegram.emit('back_button_pressed'))
    await waitFor(() => expect(window.location.pathname).toBe(`/invoices/${OTHER_INVOICE}`))
  })
})
