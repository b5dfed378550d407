import type { Account, Dashboard, InvoiceDetail } from '@app/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiError, json } from '#test-helpers/fake-server.ts'
import { accountFixture } from '#test-helpers/fixtures.ts'
import { installIntersectionObserver } from '#test-helpers/intersection-observer.ts'
import { ADA, buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp } from '#test-helpers/render-app.tsx'
import { signedIn } from '#test-helpers/signed-in.ts'
import { invoiceDetailFixture, invoicePage, paymentDashboard, transactionFixture } from './fixtures.ts'

type Options = {
  accounts?: Account[][]
  total?: number
  dashboard?: Dashboard
  version?: string
  language?: string
}

function openInvoice(invoice: InvoiceDetail, options: Options = {}) {
  const { accounts = [[]], dashboard = paymentDashboard(), version, language } = options
  const total = options.total ?? accounts.flat().length
  const signed = signedIn(dashboard)
  signed.server.on('GET', `/invoices/${invoice.uid}`, () => json(invoice))
  signed.server.on('GET', `/invoices/${invoice.uid}/accounts`, (call) => {
    const index = Number(call.query.get('cursor') ?? '0')
    const next = index + 1 < accounts.length ? String(index + 1) : null
    return json(invoicePage(accounts[index] ?? [], next, total))
  })
  const user = language ? { ...ADA, language_code: language } : ADA
  const path = `/invoices/${invoice.uid}`
  const view = renderApp(buildLaunchUrl({ path, user, ...(version ? { version } : {}) }).url)
  return { ...signed, ...view }
}

describe('invoice detail', () => {
  it('shows the amount and both statuses with their descriptions', async () => {
    const invoice = invoiceDetailFixture({
      amount: 42.1,
      confirmationStatus: 'confirmed',
      paymentStatus: 'pending',
    })
    openInvoice(invoice)

    expect(await screen.findByTestId('invoice-amount')).toHaveTextContent('42.10 USDT')
    expect(screen.getByTestId('invoice-amount')).toHaveAttribute('dir', 'ltr')
    expect(screen.getByRole('heading', { level: 1, name: 'Invoice' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Confirmation Status' })).toBeInTheDocument()
    expect(screen.getByTestId('invoice-confirmation')).toHaveTextContent('Confirmed')
    expect(screen.getByTestId('invoice-confirmation')).toHaveTextContent('confirmed by admins')
    expect(screen.getByRole('heading', { name: 'Payment Status' })).toBeInTheDocument()
    expect(screen.getByTestId('invoice-payment')).toHaveTextContent('Not Paid')
  })

  it.each([
    ['pending', 'Pending Confirmation', 'waiting to be confirmed by admins'],
    ['confirmed', 'Confirmed', 'confirmed by admins'],
    ['rejected', 'Rejected', 'rejected by admins'],
    ['validating', 'Validating', 'accounts are being revalidated'],
  ] as const)('confirmation %s reads %s', async (status, name, description) => {
    openInvoice(invoiceDetailFixture({ confirmationStatus: status }))
    const cell = await screen.findByTestId('invoice-confirmation')
    expect(cell).toHaveTextContent(name)
    expect(cell).toHaveTextContent(description)
  })

  it.each([
    ['pending', 'Not Paid', 'has not been paid yet'],
    ['success', 'Paid', 'has been paid'],
    ['review', 'In Review', 'payment failed and is awaiting admin review'],
    ['failed', 'Failed', 'payment has failed'],
  ] as const)('payment %s reads %s', async (status, name, description) => {
    openInvoice(invoiceDetailFixture({ paymentStatus: status }))
    const cell = await screen.findByTestId('invoice-payment')
    expect(cell).toHaveTextContent(name)
    expect(cell).toHaveTextContent(description)
  })

  it('offers the payment request when the invoice allows one and payment is open', async () => {
    const invoice = invoiceDetailFixture({ isPaymentRequestAvailable: true })
    const { user } = openInvoice(invoice)
    expect(await screen.findByTestId('invoice-payment-hint')).toHaveTextContent('Click for payment request')
    await user.click(screen.getByRole('button', { name: 'Request Payment' }))
    await waitFor(() => expect(window.location.pathname).toBe(`/invoices/${invoice.uid}/select-method`))
  })

  it.each<[string, Partial<InvoiceDetail>, Partial<Dashboard['invoice']>]>([
    ['the invoice allows none', { isPaymentRequestAvailable: false }, {}],
    ['payment is closed', { isPaymentRequestAvailable: true }, { isPaymentOpen: false }],
  ])('offers no payment request when %s', async (_, invoice, flags) => {
    openInvoice(invoiceDetailFixture(invoice), { dashboard: paymentDashboard(flags) })
    await screen.findByTestId('invoice-detail')
    // The dashboard has answered: the decision is final.
    await waitFor(() => expect(screen.getByTestId('invoice-accounts')).toBeInTheDocument())
    expect(screen.queryByTestId('invoice-payment-hint')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Request Payment' })).not.toBeInTheDocument()
  })

  it('lists the transactions with status, amount in its currency and time, each opening its screen', async () => {
    const date = new Date(1_700_000_100 * 1000)
    const two = (n: number) => String(n).padStart(2, '0')
    const time = `${two(date.getMonth() + 1)}/${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`
    const invoice = invoiceDetailFixture({
      transactions: [
        transactionFixture({ status: 'failed', currency: 'trx', net: 41.2 }),
        transactionFixture({ status: 'broadcasting', currency: 'usdt', net: 12.2 }),
        transactionFixture({ status: 'success', currency: 'irt', net: 1_234_567 }),
        transactionFixture({ status: 'review', currency: 'usdt', net: 1 }),
        transactionFixture({ status: 'pending', currency: 'trx', net: 2 }),
      ],
    })
    const { user } = openInvoice(invoice)
    expect(await screen.findByRole('heading', { name: '5 Transaction(s)' })).toBeInTheDocument()
    const rows = screen.getAllByTestId('invoice-transaction-row')
    expect(rows.map((row) => row.textContent)).toEqual([
      `41.20 TRX${time}Failed`,
      `12.20 USDT${time}Processing`,
      `1,234,567 Toman${time}Completed`,
      `1.00 USDT${time}Review`,
      `2.00 TRX${time}Pending`,
    ])
    const first = invoice.transactions[0]
    if (!first) throw new Error('no transaction')
    await user.click(rows[0] as HTMLElement)
    await waitFor(() =>
      expect(window.location.pathname).toBe(`/invoices/${invoice.uid}/transactions/${first.uid}`),
    )
  })

  it('shows the part of the amount that is referral earnings, only when there is one', async () => {
    openInvoice(invoiceDetailFixture({ amount: 12.5, referralEarnings: 2.25 }))
    expect(await screen.findByTestId('invoice-referral-earnings')).toHaveTextContent(
      'Referral earnings: 2.25 USDT',
    )
  })

  it('has no referral earnings line for an invoice of accounts only', async () => {
    openInvoice(invoiceDetailFixture({ referralEarnings: 0 }))
    expect(await screen.findByTestId('invoice-header')).toBeInTheDocument()
    expect(screen.queryByTestId('invoice-referral-earnings')).not.toBeInTheDocument()
  })

  it('says when there are no transactions yet', async () => {
    openInvoice(invoiceDetailFixture({ transactions: [] }))
    expect(await screen.findByRole('heading', { name: '0 Transaction(s)' })).toBeInTheDocument()
    expect(screen.getByTestId('invoice-transactions')).toHaveTextContent('No transactions yet.')
  })

  it('lists its accounts with their total, 24 a page, each opening the account under the invoice', async () => {
    const account = accountFixture({ formattedPhone: '+44 7700 900321', net: 1.5 })
    const invoice = invoiceDetailFixture()
    const { server, user } = openInvoice(invoice, { accounts: [[account]], total: 31 })
    expect(await screen.findByRole('heading', { name: '31 Account(s)' })).toBeInTheDocument()
    const call = server.callsTo('GET', `/invoices/${invoice.uid}/accounts`)[0]
    expect(call?.query.get('size')).toBe('24')
    expect(call?.query.has('cursor')).toBe(false)
    const row = screen.getByTestId('invoice-account-row')
    expect(row).toHaveTextContent('+44 7700 900321')
    expect(row).toHaveTextContent('1.50 USDT')
    expect(within(row).getByRole('img', { name: 'GB' })).toHaveAttribute('src', '/flags/gb.svg')

    server.on('GET', `/accounts/${account.uid}`, () => json(account))
    await user.click(row)
    expect(await screen.findByTestId('account-detail')).toBeInTheDocument()
    expect(window.location.pathname).toBe(`/invoices/${invoice.uid}/accounts/${account.uid}`)
  })

  it('loads the next page of accounts when the end scrolls into view', async () => {
    const viewport = installIntersectionObserver()
    const invoice = invoiceDetailFixture()
    const { server } = openInvoice(invoice, {
      accounts: [
        [accountFixture({ formattedPhone: '+44 7700 900401' })],
        [accountFixture({ formattedPhone: '+44 7700 900402' })],
      ],
    })
    await screen.findByText('+44 7700 900401')
    expect(screen.getByRole('heading', { name: '2 Account(s)' })).toBeInTheDocument()
    await waitFor(() => expect(viewport.observing()).toBe(true))
    act(() => viewport.scrollIntoView())
    expect(await screen.findByText('+44 7700 900402')).toBeInTheDocument()
    const path = `/invoices/${invoice.uid}/accounts`
    expect(server.callsTo('GET', path).map((c) => c.query.get('cursor'))).toEqual([null, '1'])
    act(() => viewport.scrollIntoView())
    expect(server.callsTo('GET', path)).toHaveLength(2)
  })

  it('is fetched again every time it opens', async () => {
    const invoice = invoiceDetailFixture()
    const { server, user, telegram } = openInvoice(invoice, { version: '8.0' })
    server.on('GET', '/invoices', () => json(invoicePage([invoice])))
    await screen.findByTestId('invoice-detail')
    act(() => telegram.emit('back_button_pressed'))
    await user.click(await screen.findByTestId('invoice-row'))
    await screen.findByTestId('invoice-detail')
    await waitFor(() => expect(server.callsTo('GET', `/invoices/${invoice.uid}`)).toHaveLength(2))
  })

  it('goes back to /invoices', async () => {
    const invoice = invoiceDetailFixture()
    const { server, telegram } = openInvoice(invoice, { version: '8.0' })
    server.on('GET', '/invoices', () => json(invoicePage([])))
    await screen.findByTestId('invoice-detail')
    act(() => telegram.emit('back_button_pressed'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/invoices')
  })

  it('shows a spinner, then the 404 page for an unknown invoice', async () => {
    const { server } = signedIn()
    const uid = '7c1f0000-5f6d-4c1e-9a53-3f0c2d1e9999'
    let answer: (response: Response) => void = () => {}
    server.on('GET', `/invoices/${uid}`, () => new Promise<Response>((resolve) => (answer = resolve)))
    renderApp(buildLaunchUrl({ path: `/invoices/${uid}` }).url)
    expect(await screen.findByTestId('invoice-loading')).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
    act(() => answer(apiError(404, 'NOT_FOUND')))
    expect(await screen.findByRole('heading', { name: '404 Page not found!' })).toBeInTheDocument()
  })

  it('shows the 404 page for a malformed uid (400)', async () => {
    const { server } = signedIn()
    server.on('GET', '/invoices/not-a-uid', () => apiError(400, 'VALIDATION_ERROR'))
    renderApp(buildLaunchUrl({ path: '/invoices/not-a-uid' }).url)
    expect(await screen.findByRole('heading', { name: '404 Page not found!' })).toBeInTheDocument()
  })

  it('offers a retry when the server fails', async () => {
    const invoice = invoiceDetailFixture()
    const { server } = signedIn()
    let calls = 0
    server.on('GET', `/invoices/${invoice.uid}`, () => {
      calls += 1
      return calls === 1 ? apiError(503, 'SERVICE_UNAVAILABLE') : json(invoice)
    })
    server.on('GET', `/invoices/${invoice.uid}/accounts`, () => json(invoicePage([], null, 0)))
    const { user } = renderApp(buildLaunchUrl({ path: `/invoices/${invoice.uid}` }).url)
    expect(await screen.findByRole('alert')).toHaveTextContent('The invoice could not be loaded.')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('invoice-detail')).toBeInTheDocument()
  })

  it('reads in Persian, right to left, amounts left to right', async () => {
    const invoice = invoiceDetailFixture({
      confirmationStatus: 'pending',
      paymentStatus: 'pending',
      isPaymentRequestAvailable: false,
      transactions: [transactionFixture({ currency: 'irt', net: 5_000_000, status: 'success' })],
    })
    openInvoice(invoice, { language: 'fa', accounts: [[accountFixture()]] })
    expect(await screen.findByTestId('invoice-confirmation')).toHaveTextContent('در انتظار تأیید')
    expect(screen.getByRole('heading', { level: 1, name: 'فاکتور' })).toBeInTheDocument()
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    expect(screen.getByTestId('invoice-confirmation')).toHaveTextContent('در انتظار تأیید')
    expect(screen.getByTestId('invoice-payment')).toHaveTextContent('پرداخت‌نشده')
    expect(screen.getByRole('heading', { name: '1 تراکنش' })).toBeInTheDocument()
    expect(screen.getByTestId('invoice-transaction-row')).toHaveTextContent('5,000,000 تومان')
    expect(await screen.findByRole('heading', { name: '1 اکانت' })).toBeInTheDocument()
  })
})
