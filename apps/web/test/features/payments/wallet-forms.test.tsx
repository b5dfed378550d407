import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiError, json } from '../../helpers/fake-server.ts'
import {
  BSC,
  dashboardWith,
  INVOICE,
  openPayments,
  PERSIAN,
  TRON,
  transactionFixture,
} from './payments-fixtures.ts'

const TRX_PATH = `/invoices/${INVOICE}/request-payment`
const USDT_PATH = `/invoices/${INVOICE}/request-payment-crypto`
const TRX_CALL = `/invoices/${INVOICE}/request-payment`
const USDT_CALL = `/invoices/${INVOICE}/request-payment-crypto`

type Opened = ReturnType<typeof openPayments>

async function submitAddress({ user }: Opened, address: string, submitTestId: string) {
  const input = await screen.findByRole('textbox', { name: /Wallet address|آدرس کیف پول/ })
  await user.clear(input)
  if (address) await user.type(input, address)
  await user.click(screen.getByTestId(submitTestId))
}

async function pressOk(opened: Opened, title: string, message: string, ok = 'Ok') {
  const dialog = await screen.findByRole('alertdialog', { name: title })
  expect(dialog).toHaveTextContent(message)
  await opened.user.click(within(dialog).getByRole('button', { name: ok }))
}

describe('TRX TRC20 form', () => {
  it('shows the rate and the risk warning', async () => {
    openPayments(TRX_PATH)
    expect(await screen.findByRole('heading', { level: 1, name: 'TRX TRC20' })).toBeInTheDocument()
    expect(await screen.findByTestId('exchange-rate')).toHaveTextContent('1 USDT = 3.25 TRX')
    const warnings = screen.getByTestId('payment-warnings')
    expect(warnings).toHaveTextContent('Payouts sent to a wrong address cannot be recovered.')
    expect(warnings).toHaveTextContent('TRON (TRC20)')
    expect(screen.getByText('Only TRON (TRC20) addresses')).toBeInTheDocument()
  })

  it('checks the address: required, then a TRON address', async () => {
    const opened = openPayments(TRX_PATH)
    await submitAddress(opened, '', 'request-payment-trx-submit')
    expect(await screen.findByText('Wallet address is required')).toBeInTheDocument()
    await submitAddress(opened, BSC, 'request-payment-trx-submit')
    expect(await screen.findByText('Invalid TRON (TRC20) address')).toBeInTheDocument()
    // One character off breaks the base58check checksum.
    await submitAddress(opened, `${TRON.slice(0, -1)}u`, 'request-payment-trx-submit')
    expect(await screen.findByText('Invalid TRON (TRC20) address')).toBeInTheDocument()
    expect(opened.server.callsTo('POST', TRX_CALL)).toHaveLength(0)
  })

  it('requests the payout, says Success, then shows the refreshed invoice list', async () => {
    const opened = openPayments(TRX_PATH)
    opened.server.on('POST', TRX_CALL, () => json(transactionFixture({ currency: 'trx' }), 201))
    // What the invoice screens and the dashboard had cached before the request.
    const { queryClient } = opened.context
    queryClient.setQueryData(['invoices', 'detail', INVOICE], { cached: true })
    queryClient.setQueryData(['dashboard', 'summary'], dashboardWith())
    await submitAddress(opened, `  ${TRON} `, 'request-payment-trx-submit')
    await pressOk(opened, 'Success', 'Invoice payment request accepted')
    await waitFor(() => expect(window.location.pathname).toBe('/invoices'))
    expect(opened.server.callsTo('POST', TRX_CALL)[0]?.body).toEqual({
      receiverAddress: TRON,
      currency: 'trx',
    })
    expect(queryClient.getQueryState(['invoices', 'detail', INVOICE])?.isInvalidated).toBe(true)
    await waitFor(() => expect(opened.server.callsTo('GET', '/invoices').length).toBeGreaterThan(0))
  })

  it('back on the list, a re-requested invoice reads as the server now says, not as cached', async () => {
    const opened = openPayments(TRX_PATH)
    const invoice = {
      uid: INVOICE,
      amount: 12.5,
      currency: 'usdt',
      confirmationStatus: 'confirmed',
      createdAt: 1_700_000_000,
    } as const
    // The list as cached before the request: the last payout failed, a request is offered.
    opened.context.queryClient.setQueryData(['invoices', 'list', { size: 24 }], {
      pages: [
        { items: [{ ...invoice, paymentStatus: 'failed', isPaymentRequestAvailable: true }], nextPage: null },
      ],
      pageParams: [undefined],
    })
    opened.server.on('GET', '/invoices', () =>
      json({
        items: [{ ...invoice, paymentStatus: 'pending', isPaymentRequestAvailable: false }],
        nextPage: null,
        previousPage: null,
      }),
    )
    opened.server.on('POST', TRX_CALL, () => json(transactionFixture({ currency: 'trx' }), 201))
    await submitAddress(opened, TRON, 'request-payment-trx-submit')
    await pressOk(opened, 'Success', 'Invoice payment request accepted')
    await waitFor(() => expect(screen.getByTestId('invoice-row')).toHaveTextContent('Not Paid'))
    expect(screen.getByTestId('invoice-row')).not.toHaveTextContent('Failed')
    expect(screen.queryByTestId('invoice-row-hint')).not.toBeInTheDocument()
  })

  it('in Telegram the outcome is a native popup with a success haptic', async () => {
    const opened = openPayments(TRX_PATH, { version: '8.0' })
    opened.telegram.answerPopupsWith('ok')
    opened.server.on('POST', TRX_CALL, () => json(transactionFixture({ currency: 'trx' }), 201))
    await submitAddress(opened, TRON, 'request-payment-trx-submit')
    await waitFor(() => expect(window.location.pathname).toBe('/invoices'))
    expect(opened.telegram.posted('web_app_open_popup')).toEqual([
      {
        title: 'Success',
        message: 'Invoice payment request accepted',
        buttons: [{ id: 'ok', text: 'Ok', type: 'default' }],
      },
    ])
    expect(opened.telegram.posted('web_app_trigger_haptic_feedback')).toContainEqual({
      type: 'notification',
      notification_type: 'success',
    })
  })

  it('a 200 (the same request already open) is a success too', async () => {
    const opened = openPayments(TRX_PATH)
    opened.server.on('POST', TRX_CALL, () => json(transactionFixture({ currency: 'trx' }), 200))
    await submitAddress(opened, TRON, 'request-payment-trx-submit')
    await pressOk(opened, 'Success', 'Invoice payment request accepted')
    await waitFor(() => expect(window.location.pathname).toBe('/invoices'))
  })

  it('any refusal says Failed, then the invoice list', async () => {
    const opened = openPayments(TRX_PATH)
    opened.server.on('POST', TRX_CALL, () => apiError(409, 'PAYMENT_REQUEST_UNAVAILABLE'))
    await submitAddress(opened, TRON, 'request-payment-trx-submit')
    await pressOk(opened, 'Failed', 'Invoice payment request failed')
    await waitFor(() => expect(window.location.pathname).toBe('/invoices'))
  })

  it('a 400 naming the address shows under the field, no dialog', async () => {
    const opened = openPayments(TRX_PATH)
    opened.server.on('POST', TRX_CALL, () =>
      apiError(400, 'VALIDATION_ERROR', 'receiverAddress: Invalid TRON (TRC20) address'),
    )
    await submitAddress(opened, TRON, 'request-payment-trx-submit')
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid TRON (TRC20) address')
    expect(screen.getByRole('textbox', { name: 'Wallet address' })).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(window.location.pathname).toBe(TRX_PATH)
  })

  it('a 400 naming no field of the form is a failure', async () => {
    const opened = openPayments(TRX_PATH)
    opened.server.on('POST', TRX_CALL, () => apiError(400, 'VALIDATION_ERROR', 'currency: Invalid input'))
    await submitAddress(opened, TRON, 'request-payment-trx-submit')
    await pressOk(opened, 'Failed', 'Invoice payment request failed')
  })

  it('hides the rate when there is none', async () => {
    const opened = openPayments(TRX_PATH)
    opened.server.on('GET', '/exchanges/USDTTRX', () => apiError(404, 'EXCHANGE_RATE_UNAVAILABLE'))
    await screen.findByTestId('request-payment-trx')
    await waitFor(() => expect(opened.server.callsTo('GET', '/exchanges/USDTTRX')).toHaveLength(1))
    expect(screen.queryByTestId('exchange-rate')).not.toBeInTheDocument()
  })

  it('back returns to the method selection', async () => {
    const opened = openPayments(TRX_PATH, { version: '8.0' })
    await screen.findByTestId('request-payment-trx')
    opened.telegram.emit('back_button_pressed')
    expect(await screen.findByTestId('select-method')).toBeInTheDocument()
  })
})

describe('USDT BEP20 form', () => {
  it('says which addresses, the fee and the warnings', async () => {
    openPayments(USDT_PATH)
    expect(await screen.findByRole('heading', { level: 1, name: 'USDT BEP20' })).toBeInTheDocument()
    expect(screen.getByText('Only BSC BEP20 addresses')).toBeInTheDocument()
    expect(screen.getByTestId('usdt-fee')).toHaveTextContent('A fee of 0.3 USDT is charged per payment')
    expect(screen.getByTestId('payment-warnings')).toHaveTextContent('BNB Smart Chain (BEP20)')
  })

  it('checks the address: required, then a BSC address (EIP-55 when mixed case)', async () => {
    const opened = openPayments(USDT_PATH)
    await submitAddress(opened, '', 'request-payment-crypto-submit')
    expect(await screen.findByText('Wallet address is required')).toBeInTheDocument()
    await submitAddress(opened, TRON, 'request-payment-crypto-submit')
    expect(await screen.findByText('Invalid BSC (BEP20) address')).toBeInTheDocument()
    await submitAddress(opened, `${BSC.slice(0, -1)}D`, 'request-payment-crypto-submit')
    expect(await screen.findByText('Invalid BSC (BEP20) address')).toBeInTheDocument()
    expect(opened.server.callsTo('POST', USDT_CALL)).toHaveLength(0)
  })

  it('requests the payout on BSC in USDT, then Success and the invoice list', async () => {
    const opened = openPayments(USDT_PATH)
    opened.server.on('POST', USDT_CALL, () => json(transactionFixture(), 201))
    await submitAddress(opened, BSC, 'request-payment-crypto-submit')
    await pressOk(opened, 'Success', 'Invoice payment request accepted')
    await waitFor(() => expect(window.location.pathname).toBe('/invoices'))
    expect(opened.server.callsTo('POST', USDT_CALL)[0]?.body).toEqual({
      receiverAddress: BSC,
      network: 'BSC',
      token: 'USDT',
    })
  })

  it('no answer: says so, stays with the address typed; the same tap again carries the same key', async () => {
    const opened = openPayments(USDT_PATH)
    let answered = false
    opened.server.on('POST', USDT_CALL, () => {
      if (!answered) throw new TypeError('Failed to fetch')
      return json(transactionFixture(), 201)
    })
    await submitAddress(opened, BSC, 'request-payment-crypto-submit')
    await pressOk(
      opened,
      'Unknown Error',
      'No answer from the server. Please check your connection and try again.',
    )
    expect(window.location.pathname).toBe(USDT_PATH)
    expect(screen.getByRole('textbox', { name: 'Wallet address' })).toHaveValue(BSC)

    answered = true
    await opened.user.click(screen.getByTestId('request-payment-crypto-submit'))
    await pressOk(opened, 'Success', 'Invoice payment request accepted')
    await waitFor(() => expect(window.location.pathname).toBe('/invoices'))
    const keys = opened.server.callsTo('POST', USDT_CALL).map((call) => call.headers.get('idempotency-key'))
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/)
    expect(keys[1]).toBe(keys[0])
  })

  it('in Persian: Persian texts and dialogs', async () => {
    const opened = openPayments(USDT_PATH, { user: PERSIAN })
    opened.server.on('POST', USDT_CALL, () => apiError(500, 'INTERNAL_ERROR'))
    expect(await screen.findByText('فقط آدرس‌های BSC BEP20')).toBeInTheDocument()
    expect(screen.getByTestId('usdt-fee')).toHaveTextContent(
      'برای هر پرداخت \u20660.3 USDT\u2069 کارمزد کسر می‌شود',
    )
    await submitAddress(opened, '', 'request-payment-crypto-submit')
    expect(await screen.findByText('آدرس کیف پول الزامی است')).toBeInTheDocument()
    await submitAddress(opened, BSC, 'request-payment-crypto-submit')
    await pressOk(opened, 'ناموفق', 'درخواست پرداخت فاکتور انجام نشد', 'باشه')
    await waitFor(() => expect(window.location.pathname).toBe('/invoices'))
  })
})
