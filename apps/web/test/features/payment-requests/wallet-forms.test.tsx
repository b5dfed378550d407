import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiError, json } from '#test-helpers/fake-server.ts'
import {
  BSC,
  dashboardWith,
  INVOICE,
  invoiceDetailWith,
  openPayments,
  PERSIAN,
  TRON,
  transactionFixture,
} from './payment-requests-fixtures.ts'

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

/** The confirmation a TRX or USDT payout asks for first: the user presses Send (or another button). */
async function confirmPayout({ user }: Opened, button = 'Send', title = 'Check the address') {
  const dialog = await screen.findByRole('alertdialog', { name: title })
  await user.click(within(dialog).getByRole('button', { name: button }))
  await waitFor(() => expect(screen.queryByRole('alertdialog', { name: title })).not.toBeInTheDocument())
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

  it('shows what the user will receive before submitting: the invoice, the rate and the TRX', async () => {
    const opened = openPayments(TRX_PATH)
    const receive = await screen.findByTestId('payout-receive')
    await waitFor(() => expect(receive).toHaveTextContent('40.62 TRX'))
    const summary = screen.getByTestId('payout-summary')
    expect(summary).toHaveTextContent('You will receive')
    expect(screen.getByTestId('payout-invoice')).toHaveTextContent('12.50 USDT')
    // 12.50 USDT at 3.25 TRX is 40.625 TRX, rounded down to the cent as the payout is.
    expect(opened.server.callsTo('POST', TRX_CALL)).toHaveLength(0)
  })

  it('asks to confirm the full address, in groups, and the amount; Cancel sends nothing', async () => {
    const opened = openPayments(TRX_PATH)
    opened.server.on('POST', TRX_CALL, () => json(transactionFixture({ currency: 'trx' }), 201))
    await waitFor(() => expect(screen.getByTestId('payout-receive')).toHaveTextContent('40.62 TRX'))
    await submitAddress(opened, TRON, 'request-payment-trx-submit')
    const dialog = await screen.findByRole('alertdialog', { name: 'Check the address' })
    expect(dialog).toHaveTextContent('40.62 TRX will be sent to this TRON (TRC20) address:')
    expect(dialog).toHaveTextContent('TR7N Hqje KQxG TCi8 q8ZY 4pL8 otSz gjLj 6t')
    expect(dialog).toHaveTextContent('cannot be reversed')
    await confirmPayout(opened, 'Cancel')
    expect(opened.server.callsTo('POST', TRX_CALL)).toHaveLength(0)
    expect(window.location.pathname).toBe(TRX_PATH)
    expect(screen.getByRole('textbox', { name: 'Wallet address' })).toHaveValue(TRON)

    // Dismissed (Escape) is no either; Send then sends it once.
    await opened.user.click(screen.getByTestId('request-payment-trx-submit'))
    await screen.findByRole('alertdialog', { name: 'Check the address' })
    await opened.user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(opened.server.callsTo('POST', TRX_CALL)).toHaveLength(0)
    await opened.user.click(screen.getByTestId('request-payment-trx-submit'))
    await confirmPayout(opened)
    await pressOk(opened, 'Success', 'Invoice payment request accepted')
    expect(opened.server.callsTo('POST', TRX_CALL)).toHaveLength(1)
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
    queryClient.setQueryData(['invoices', 'detail', INVOICE], invoiceDetailWith())
    queryClient.setQueryData(['dashboard', 'summary'], dashboardWith())
    await submitAddress(opened, `  ${TRON} `, 'request-payment-trx-submit')
    await confirmPayout(opened)
    await pressOk(opened, 'Success', 'Invoice payment request accepted')
    await waitFor(() => expect(window.location.pathname).toBe('/invoices'))
    expect(opened.server.callsTo('POST', TRX_CALL)[0]?.body).toEqual({
      receiverAddress: TRON,
      currency: 'trx',
    })
    // The invoice the form read is read again: its payment status changed.
    const detailReads = opened.server.callsTo('GET', `/invoices/${INVOICE}`)
    expect(detailReads.length).toBeGreaterThanOrEqual(2)
    expect(detailReads.at(-1)?.headers.get('Authorization')).toBe('Bearer access-1')
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
    await confirmPayout(opened)
    await pressOk(opened, 'Success', 'Invoice payment request accepted')
    await waitFor(() => expect(screen.getByTestId('invoice-row')).toHaveTextContent('Not Paid'))
    expect(screen.getByTestId('invoice-row')).not.toHaveTextContent('Failed')
    expect(screen.queryByTestId('invoice-row-hint')).not.toBeInTheDocument()
  })

  it('in Telegram the outcome is a native popup with a success haptic', async () => {
    const opened = openPayments(TRX_PATH, { version: '8.0' })
    // The user presses the popup's last button: Send in the confirmation, Ok in the outcome.
    opened.telegram.answerPopupsWith((popup) => popup.buttons.at(-1)?.id ?? null)
    opened.server.on('POST', TRX_CALL, () => json(transactionFixture({ currency: 'trx' }), 201))
    await screen.findByTestId('payout-receive')
    await waitFor(() => expect(screen.getByTestId('payout-receive')).toHaveTextContent('40.62 TRX'))
    await submitAddress(opened, TRON, 'request-payment-trx-submit')
    await waitFor(() => expect(window.location.pathname).toBe('/invoices'))
    expect(opened.telegram.posted('web_app_open_popup')).toEqual([
      {
        title: 'Check the address',
        message:
          '40.62 TRX will be sent to this TRON (TRC20) address:\n\nTR7N Hqje KQxG TCi8 q8ZY 4pL8 otSz gjLj 6t\n\nA payout sent to a wrong address cannot be reversed.',
        buttons: [
          { id: 'cancel', text: 'Cancel', type: 'default' },
          { id: 'send', text: 'Send', type: 'default' },
        ],
      },
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
    await confirmPayout(opened)
    await pressOk(opened, 'Success', 'Invoice payment request accepted')
    await waitFor(() => expect(window.location.pathname).toBe('/invoices'))
  })

  it('any refusal says Failed, then the invoice list', async () => {
    const opened = openPayments(TRX_PATH)
    opened.server.on('POST', TRX_CALL, () => apiError(409, 'PAYMENT_REQUEST_UNAVAILABLE'))
    await submitAddress(opened, TRON, 'request-payment-trx-submit')
    await confirmPayout(opened)
    await pressOk(opened, 'Failed', 'Invoice payment request failed')
    await waitFor(() => expect(window.location.pathname).toBe('/invoices'))
  })

  it('a 400 naming the address shows under the field, no dialog', async () => {
    const opened = openPayments(TRX_PATH)
    opened.server.on('POST', TRX_CALL, () =>
      apiError(400, 'VALIDATION_ERROR', 'receiverAddress: Invalid TRON (TRC20) address'),
    )
    await submitAddress(opened, TRON, 'request-payment-trx-submit')
    await confirmPayout(opened)
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid TRON (TRC20) address')
    expect(screen.getByRole('textbox', { name: 'Wallet address' })).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(window.location.pathname).toBe(TRX_PATH)
  })

  it('a 400 naming no field of the form is a failure', async () => {
    const opened = openPayments(TRX_PATH)
    opened.server.on('POST', TRX_CALL, () => apiError(400, 'VALIDATION_ERROR', 'currency: Invalid input'))
    await submitAddress(opened, TRON, 'request-payment-trx-submit')
    await confirmPayout(opened)
    await pressOk(opened, 'Failed', 'Invoice payment request failed')
  })

  it('without a rate says so, and the payout cannot be requested (the server would refuse it)', async () => {
    const opened = openPayments(TRX_PATH)
    opened.server.on('GET', '/exchanges/USDTTRX', () => apiError(404, 'EXCHANGE_RATE_UNAVAILABLE'))
    expect(await screen.findByTestId('exchange-rate-unavailable')).toHaveTextContent(
      'The exchange rate is not available right now. Please try again later.',
    )
    expect(screen.queryByTestId('exchange-rate')).not.toBeInTheDocument()
    expect(screen.getByTestId('request-payment-trx-submit')).toBeDisabled()
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

  it('shows what the user will receive before submitting: the invoice less the 0.3 USDT fee', async () => {
    openPayments(USDT_PATH)
    const receive = await screen.findByTestId('payout-receive')
    await waitFor(() => expect(receive).toHaveTextContent('12.20 USDT'))
    expect(screen.getByTestId('payout-invoice')).toHaveTextContent('12.50 USDT')
    expect(screen.getByTestId('payout-fee')).toHaveTextContent('-0.30 USDT')
  })

  it('asks to confirm the BSC address in groups and the USDT; Cancel sends nothing', async () => {
    const opened = openPayments(USDT_PATH)
    await waitFor(() => expect(screen.getByTestId('payout-receive')).toHaveTextContent('12.20 USDT'))
    await submitAddress(opened, BSC, 'request-payment-crypto-submit')
    const dialog = await screen.findByRole('alertdialog', { name: 'Check the address' })
    expect(dialog).toHaveTextContent('12.20 USDT will be sent to this BSC (BEP20) address:')
    expect(dialog).toHaveTextContent('0x5a Aeb6 053F 3E94 C9b9 A09f 3366 9435 E7Ef 1BeA ed')
    await confirmPayout(opened, 'Cancel')
    expect(opened.server.callsTo('POST', USDT_CALL)).toHaveLength(0)
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
    await confirmPayout(opened)
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
    await confirmPayout(opened)
    await pressOk(
      opened,
      'Unknown Error',
      'No answer from the server. Please check your connection and try again.',
    )
    expect(window.location.pathname).toBe(USDT_PATH)
    expect(screen.getByRole('textbox', { name: 'Wallet address' })).toHaveValue(BSC)

    answered = true
    await opened.user.click(screen.getByTestId('request-payment-crypto-submit'))
    await confirmPayout(opened)
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
    await waitFor(() => expect(screen.getByTestId('payout-receive')).toHaveTextContent('12.20 USDT'))
    expect(screen.getByTestId('payout-summary')).toHaveTextContent('مبلغ دریافتی شما')
    await submitAddress(opened, '', 'request-payment-crypto-submit')
    expect(await screen.findByText('آدرس کیف پول الزامی است')).toBeInTheDocument()
    await submitAddress(opened, BSC, 'request-payment-crypto-submit')
    const dialog = await screen.findByRole('alertdialog', { name: 'آدرس را بررسی کنید' })
    expect(dialog).toHaveTextContent('\u20660x5a Aeb6 053F 3E94 C9b9 A09f 3366 9435 E7Ef 1BeA ed\u2069')
    expect(dialog).toHaveTextContent('\u206612.20 USDT\u2069')
    await confirmPayout(opened, 'ارسال', 'آدرس را بررسی کنید')
    await pressOk(opened, 'ناموفق', 'درخواست پرداخت فاکتور انجام نشد', 'باشه')
    await waitFor(() => expect(window.location.pathname).toBe('/invoices'))
  })
})
