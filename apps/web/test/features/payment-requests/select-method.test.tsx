import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { dashboardWith, INVOICE, openPayments, PERSIAN } from './payment-requests-fixtures.ts'

const PATH = `/invoices/${INVOICE}/select-method`

describe('method selection', () => {
  it('offers TRX TRC20, USDT BEP20 and toman, the toman row right to left in Persian', async () => {
    openPayments(PATH)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Select payment method' }),
    ).toBeInTheDocument()
    expect(screen.getByTestId('method-trx')).toHaveTextContent('TRX TRC20')
    expect(screen.getByTestId('method-usdt')).toHaveTextContent('USDT BEP20')
    const toman = screen.getByTestId('method-irt')
    expect(toman).toHaveTextContent('تومان')
    expect(toman).toHaveAttribute('dir', 'rtl')
    expect(toman).toHaveAttribute('lang', 'fa')
    expect(document.documentElement).toHaveAttribute('dir', 'ltr')
  })

  it('opens the TRX form', async () => {
    const { user } = openPayments(PATH)
    await user.click(await screen.findByTestId('method-trx'))
    expect(await screen.findByTestId('request-payment-trx')).toBeInTheDocument()
    expect(window.location.pathname).toBe(`/invoices/${INVOICE}/request-payment`)
  })

  it('opens the USDT form', async () => {
    const { user } = openPayments(PATH)
    await user.click(await screen.findByTestId('method-usdt'))
    expect(await screen.findByTestId('request-payment-crypto')).toBeInTheDocument()
    expect(window.location.pathname).toBe(`/invoices/${INVOICE}/request-payment-crypto`)
  })

  it('toman while toman payouts are closed: the Persian dialog, and the user stays', async () => {
    const { user, server } = openPayments(PATH, { dashboard: dashboardWith({ isPaymentOpenIrt: false }) })
    await user.click(await screen.findByTestId('method-irt'))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('در حال حاضر پرداخت تومانی در دسترس نیست')
    await user.click(screen.getByRole('button', { name: 'باشه' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(window.location.pathname).toBe(PATH)
    // The switch is read from the dashboard query, the one the home screen uses.
    expect(server.callsTo('GET', '/dashboard').length).toBeGreaterThan(0)
  })

  it('toman while open: the toman form', async () => {
    const { user } = openPayments(PATH, { dashboard: dashboardWith({ isPaymentOpenIrt: true }) })
    await user.click(await screen.findByTestId('method-irt'))
    expect(await screen.findByTestId('request-payment-irt')).toBeInTheDocument()
    expect(window.location.pathname).toBe(`/invoices/${INVOICE}/request-payment-irt`)
  })

  it('the toman switch is read when chosen, not when the screen opened', async () => {
    let open = false
    const { user, server, context } = openPayments(PATH)
    server.on(
      'GET',
      '/dashboard',
      () => new Response(JSON.stringify(dashboardWith({ isPaymentOpenIrt: open }))),
    )
    await screen.findByTestId('method-irt')
    // The screen's own load has been answered (it starts in an effect, after the rows are drawn): the choice
    // below asks again rather than sharing that load's answer.
    await waitFor(() => {
      expect(server.callsTo('GET', '/dashboard').length).toBeGreaterThan(0)
      expect(context.queryClient.isFetching()).toBe(0)
    })
    open = true
    await user.click(screen.getByTestId('method-irt'))
    expect(await screen.findByTestId('request-payment-irt')).toBeInTheDocument()
  })

  it('speaks Persian to Persian users, the toman row still right to left', async () => {
    openPayments(PATH, { user: PERSIAN })
    expect(await screen.findByRole('heading', { level: 1, name: 'انتخاب روش پرداخت' })).toBeInTheDocument()
    expect(screen.getByTestId('method-irt')).toHaveAttribute('dir', 'rtl')
  })

  it('back returns to the invoice', async () => {
    const { telegram } = openPayments(PATH, { version: '8.0' })
    await screen.findByTestId('select-method')
    act(() => telegram.emit('back_button_pressed'))
    await waitFor(() => expect(window.location.pathname).toBe(`/invoices/${INVOICE}`))
  })
})
