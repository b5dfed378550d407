import type { Dashboard, Invoice } from '@app/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { apiErrorWithDetails, json } from '#test-helpers/fake-server.ts'
import { installIntersectionObserver } from '#test-helpers/intersection-observer.ts'
import { ADA, buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp } from '#test-helpers/render-app.tsx'
import { signedIn } from '#test-helpers/signed-in.ts'
import { invoiceDetailFixture, invoiceFixture, invoicePage, paymentDashboard } from './fixtures.ts'

const NEW_INVOICE = '7c1f0000-5f6d-4c1e-9a53-3f0c2d1eaaaa'

type Options = { pages?: Invoice[][]; dashboard?: Dashboard; version?: string; language?: string }

function openInvoices({ pages = [[]], dashboard = paymentDashboard(), version, language }: Options = {}) {
  const signed = signedIn(dashboard)
  signed.server.on('GET', '/invoices', (call) => {
    const index = Number(call.query.get('cursor') ?? '0')
    return json(invoicePage(pages[index] ?? [], index + 1 < pages.length ? String(index + 1) : null))
  })
  const user = language ? { ...ADA, language_code: language } : ADA
  const view = renderApp(buildLaunchUrl({ path: '/invoices', user, ...(version ? { version } : {}) }).url)
  return { ...signed, ...view }
}

const createButton = () => screen.findByTestId('invoices-create')

async function confirmCreation(user: ReturnType<typeof openInvoices>['user']) {
  await waitFor(async () => expect(await createButton()).toBeEnabled())
  await user.click(await createButton())
  const dialog = await screen.findByRole('alertdialog')
  await user.click(within(dialog).getByRole('button', { name: 'Create Invoice' }))
}

describe('invoice list', () => {
  it('asks for 24 invoices a page and shows amount, statuses and the payment-request hint', async () => {
    const { server } = openInvoices({
      pages: [
        [
          invoiceFixture({ amount: 12.5, confirmationStatus: 'confirmed', paymentStatus: 'pending' }),
          invoiceFixture({
            amount: 7,
            confirmationStatus: 'confirmed',
            paymentStatus: 'success',
            isPaymentRequestAvailable: false,
          }),
          invoiceFixture({ amount: 8.1, confirmationStatus: 'confirmed', paymentStatus: 'failed' }),
          invoiceFixture({
            amount: 9,
            confirmationStatus: 'validating',
            paymentStatus: 'review',
            isPaymentRequestAvailable: false,
          }),
          invoiceFixture({
            amount: 3,
            confirmationStatus: 'rejected',
            paymentStatus: 'pending',
            isPaymentRequestAvailable: false,
          }),
        ],
      ],
    })

    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument()
    const rows = await screen.findAllByTestId('invoice-row')
    const call = server.callsTo('GET', '/invoices')[0]
    expect(call?.query.get('size')).toBe('24')
    expect(call?.query.has('cursor')).toBe(false)

    const [pending, paid, failed, review, rejected] = rows
    if (!pending || !paid || !failed || !review || !rejected) throw new Error('rows missing')
    expect(within(pending).getByText('12.50 USDT')).toHaveAttribute('dir', 'ltr')
    expect(pending).toHaveTextContent('Confirmed')
    expect(pending).toHaveTextContent('Not Paid')
    expect(pending).toHaveTextContent('Click for payment request')
    expect(pending).toHaveAttribute('href', expect.stringMatching(/^\/invoices\/7c1f0000-/))

    expect(paid).toHaveTextContent('7.00 USDT')
    expect(paid).toHaveTextContent('Paid')
    expect(within(paid).queryByTestId('invoice-row-hint')).not.toBeInTheDocument()

    expect(failed).toHaveTextContent('Confirmed')
    expect(failed).toHaveTextContent('Failed')
    expect(within(failed).getByTestId('invoice-row-hint')).toHaveTextContent('Click for payment request')

    expect(review).toHaveTextContent('Validating')
    expect(review).toHaveTextContent('In Review')
    expect(within(review).queryByTestId('invoice-row-hint')).not.toBeInTheDocument()

    expect(rejected).toHaveTextContent('Rejected')
    expect(within(rejected).queryByTestId('invoice-row-hint')).not.toBeInTheDocument()
  })

  // Every confirmation x payment status the server can send, with its isPaymentRequestAvailable: the hint
  // follows the same rule as the detail's (offersPaymentRequest), never the payment status alone.
  const COMBINATIONS: [Invoice['confirmationStatus'], Invoice['paymentStatus'], boolean, string, string][] = [
    ['confirmed', 'pending', true, 'Confirmed', 'Not Paid'],
    // A request is pending: the server says no new one, so no hint although the payment status is pending.
    ['confirmed', 'pending', false, 'Confirmed', 'Not Paid'],
    ['confirmed', 'failed', true, 'Confirmed', 'Failed'],
    ['confirmed', 'success', false, 'Confirmed', 'Paid'],
    ['confirmed', 'review', false, 'Confirmed', 'In Review'],
    ['pending', 'pending', false, 'Pending Confirmation', 'Not Paid'],
    ['validating', 'pending', false, 'Validating', 'Not Paid'],
    ['rejected', 'pending', false, 'Rejected', 'Not Paid'],
    ['rejected', 'failed', false, 'Rejected', 'Failed'],
  ]

  it.each([true, false])(
    'shows each status combination with the hint only where a request is offered (payments open: %s)',
    async (isPaymentOpen) => {
      const invoices = COMBINATIONS.map(
        ([confirmationStatus, paymentStatus, isPaymentRequestAvailable], index) =>
          invoiceFixture({ amount: index + 1, confirmationStatus, paymentStatus, isPaymentRequestAvailable }),
      )
      openInvoices({ pages: [invoices], dashboard: paymentDashboard({ isPaymentOpen }) })
      const rows = await screen.findAllByTestId('invoice-row')
      expect(rows).toHaveLength(COMBINATIONS.length)
      COMBINATIONS.forEach(([, , available, confirmation, payment], index) => {
        const row = rows[index]
        if (!row) throw new Error(`row ${index} missing`)
        expect(row).toHaveTextContent(`${index + 1}.00 USDT`)
        expect(row).toHaveTextContent(confirmation)
        expect(row).toHaveTextContent(payment)
        const hint = within(row).queryByTestId('invoice-row-hint')
        if (available && isPaymentOpen) expect(hint).toHaveTextContent('Click for payment request')
        else expect(hint).not.toBeInTheDocument()
      })
    },
  )

  it('opens an invoice when its row is tapped', async () => {
    const invoice = invoiceFixture()
    const { server, user } = openInvoices({ pages: [[invoice]] })
    server.on('GET', `/invoices/${invoice.uid}`, () => json(invoiceDetailFixture({ ...invoice })))
    server.on('GET', `/invoices/${invoice.uid}/accounts`, () => json(invoicePage([], null, 0)))

    await user.click(await screen.findByTestId('invoice-row'))
    expect(await screen.findByTestId('invoice-detail')).toBeInTheDocument()
    expect(window.location.pathname).toBe(`/invoices/${invoice.uid}`)
  })

  it('loads the next page by cursor when the end of the list scrolls into view', async () => {
    const viewport = installIntersectionObserver()
    const { server } = openInvoices({
      pages: [[invoiceFixture({ amount: 1.11 })], [invoiceFixture({ amount: 2.22 })]],
    })
    await screen.findByText('1.11 USDT')
    expect(screen.queryByText('2.22 USDT')).not.toBeInTheDocument()

    await waitFor(() => expect(viewport.observing()).toBe(true))
    act(() => viewport.scrollIntoView())

    expect(await screen.findByText('2.22 USDT')).toBeInTheDocument()
    expect(server.callsTo('GET', '/invoices').map((c) => c.query.get('cursor'))).toEqual([null, '1'])
    act(() => viewport.scrollIntoView())
    expect(server.callsTo('GET', '/invoices')).toHaveLength(2)
  })

  it('shows an empty state', async () => {
    openInvoices()
    expect(await screen.findByTestId('invoices-empty')).toHaveTextContent('No invoices yet')
  })

  it('goes home on back', async () => {
    const { telegram } = openInvoices({ version: '8.0' })
    await screen.findByTestId('invoices-empty')
    act(() => telegram.emit('back_button_pressed'))
    expect(await screen.findByText('v0.10.0')).toBeInTheDocument()
    expect(window.location.pathname).toBe('/')
  })
})

describe('create-invoice button (spec section 5)', () => {
  it.each<[string, Partial<Dashboard['invoice']>, string, boolean]>([
    [
      'closed',
      { isPaymentOpen: false, isPaymentAvailable: false },
      'Withdrawals temporarily closed. Will open soon',
      false,
    ],
    [
      'below the minimum',
      { paymentAvailable: 4.99, isPaymentAvailable: false },
      'Minimum payment limit is 5.00 USDT',
      false,
    ],
    [
      'nothing available',
      { paymentAvailable: 0, isPaymentAvailable: false },
      'Minimum payment limit is 5.00 USDT',
      false,
    ],
    ['exactly the minimum', { paymentAvailable: 5 }, 'Minimum payment limit is 5.00 USDT', true],
    [
      'above the maximum',
      { paymentAvailable: 1000.5, isPaymentAvailable: false },
      'Maximum payment limit is 1,000.00 USDT',
      false,
    ],
    ['exactly the maximum', { paymentAvailable: 1000 }, 'Maximum payment limit is 1,000.00 USDT', true],
    ['within the limits', { paymentAvailable: 12.5 }, 'Request payment 12.50 USDT', true],
    [
      'within the limits, but the server says no (a request is pending)',
      { paymentAvailable: 12.5, isPaymentAvailable: false },
      'Request payment 12.50 USDT',
      false,
    ],
  ])('%s', async (_, invoice, label, enabled) => {
    openInvoices({ dashboard: paymentDashboard(invoice) })
    const button = await screen.findByRole('button', { name: label })
    expect(button).toHaveAttribute('data-testid', 'invoices-create')
    if (enabled) expect(button).toBeEnabled()
    else expect(button).toBeDisabled()
  })

  it('closed wins over the limits', async () => {
    openInvoices({ dashboard: paymentDashboard({ isPaymentOpen: false, paymentAvailable: 1 }) })
    expect(
      await screen.findByRole('button', { name: 'Withdrawals temporarily closed. Will open soon' }),
    ).toBeDisabled()
  })

  it('asks first; Cancel creates nothing', async () => {
    const { server, user } = openInvoices()
    await waitFor(async () => expect(await createButton()).toBeEnabled())
    await user.click(await createButton())
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Do you want to create this invoice with a total price of 12.50 USDT?')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(server.callsTo('POST', '/invoices/request-invoice')).toHaveLength(0)
    expect(await createButton()).toBeEnabled()
  })

  it('creates a confirmed invoice and goes straight to method selection while payment is open', async () => {
    const { server, user } = openInvoices()
    server.on('POST', '/invoices/request-invoice', () =>
      json({ uid: NEW_INVOICE, confirmationStatus: 'confirmed' }, 201),
    )
    await confirmCreation(user)
    await waitFor(() => expect(window.location.pathname).toBe(`/invoices/${NEW_INVOICE}/select-method`))
    const [call] = server.callsTo('POST', '/invoices/request-invoice')
    expect(call?.body).toBeUndefined()
  })

  it('opens a pending invoice itself', async () => {
    const { server, user } = openInvoices()
    server.on('POST', '/invoices/request-invoice', () =>
      json({ uid: NEW_INVOICE, confirmationStatus: 'pending' }, 201),
    )
    server.on('GET', `/invoices/${NEW_INVOICE}`, () =>
      json(
        invoiceDetailFixture({
          uid: NEW_INVOICE,
          confirmationStatus: 'pending',
          isPaymentRequestAvailable: false,
        }),
      ),
    )
    server.on('GET', `/invoices/${NEW_INVOICE}/accounts`, () => json(invoicePage([], null, 0)))
    await confirmCreation(user)
    expect(await screen.findByTestId('invoice-detail')).toHaveTextContent('Pending Confirmation')
    expect(window.location.pathname).toBe(`/invoices/${NEW_INVOICE}`)
  })

  it('marks the dashboard unavailable and refreshes the invoices and accounts lists', async () => {
    const { server, user, context } = openInvoices()
    // The next dashboard answer never comes: what the app shows is what it set itself.
    let dashboardCalls = 0
    server.on('GET', '/dashboard', () => {
      dashboardCalls += 1
      return dashboardCalls === 1 ? json(paymentDashboard()) : new Promise<Response>(() => {})
    })
    server.on('POST', '/invoices/request-invoice', () =>
      json({ uid: NEW_INVOICE, confirmationStatus: 'confirmed' }, 201),
    )
    const invalidate = vi.spyOn(context.queryClient, 'invalidateQueries')
    await confirmCreation(user)
    await waitFor(() => expect(window.location.pathname).toMatch(/select-method$/))

    const dashboard = context.queryClient.getQueryData<Dashboard>(['dashboard', 'summary'])
    expect(dashboard?.invoice).toMatchObject({
      isPaymentAvailable: false,
      paymentAvailable: 0,
      paymentAvailableF: '0.00',
      isPaymentOpen: true,
    })
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey)
    expect(keys).toContainEqual(['invoices', 'list'])
    expect(keys).toContainEqual(['accounts', 'list'])
  })

  it('tells Telegram: native confirm popup, a success haptic', async () => {
    const { server, telegram } = openInvoices({ version: '8.0' })
    server.on('POST', '/invoices/request-invoice', () =>
      json({ uid: NEW_INVOICE, confirmationStatus: 'confirmed' }, 201),
    )
    telegram.answerPopupsWith('create')
    const button = await createButton()
    await waitFor(() => expect(button).toBeEnabled())
    act(() => button.click())
    await waitFor(() => expect(window.location.pathname).toMatch(/select-method$/))
    expect(telegram.posted('web_app_open_popup')[0]).toMatchObject({
      message: 'Do you want to create this invoice with a total price of 12.50 USDT?',
      buttons: [
        { id: 'cancel', text: 'Cancel' },
        { id: 'create', text: 'Create Invoice' },
      ],
    })
    expect(telegram.posted('web_app_trigger_haptic_feedback')).toContainEqual({
      type: 'notification',
      notification_type: 'success',
    })
  })
})

describe('create-invoice errors (spec section 8)', () => {
  it.each<[string, () => Response, string, string]>([
    [
      'a wait between requests',
      () => apiErrorWithDetails(400, 'ACTION_WAIT_REQUIRED_ERROR', { delay: 600, wait: 125 }),
      'Try Again Later',
      'You can create one invoice every 10 minutes. Please try again in 3 minutes.',
    ],
    [
      'a one-minute wait',
      () => apiErrorWithDetails(400, 'ACTION_WAIT_REQUIRED_ERROR', { delay: 60, wait: 1 }),
      'Try Again Later',
      'You can create one invoice every 1 minute. Please try again in 1 minute.',
    ],
    [
      'a balance below the minimum',
      () => apiErrorWithDetails(400, 'BALANCE_LOW_ERROR', { balance: 3.5, minimum: 5 }),
      'Balance Too Low',
      'Your balance is 3.50 USDT. The minimum required to create an invoice is 5.00 USDT.',
    ],
    [
      'a balance above the maximum',
      () => apiErrorWithDetails(400, 'BALANCE_HIGH_ERROR', { balance: 1500.25, maximum: 1000 }),
      'Balance Too High',
      'Your balance of 1,500.25 USDT is above the 1,000.00 USDT limit for one invoice. Please contact support.',
    ],
    [
      'another 400 code',
      () => apiErrorWithDetails(400, 'PAYMENT_CLOSED'),
      'Request Error',
      'There was an issue with your request. Please check and try again.',
    ],
    [
      'a known code without its details',
      () => apiErrorWithDetails(400, 'BALANCE_LOW_ERROR'),
      'Request Error',
      'There was an issue with your request. Please check and try again.',
    ],
    [
      'a server error',
      () => apiErrorWithDetails(500, 'INTERNAL_ERROR'),
      'Unexpected Error',
      'Something went wrong. (Error code: 500)',
    ],
    [
      'another status',
      () => apiErrorWithDetails(409, 'INVALID_STATE'),
      'Unexpected Error',
      'Something went wrong. (Error code: 409)',
    ],
    [
      'no answer at all',
      () => {
        throw new TypeError('Failed to fetch')
      },
      'Unknown Error',
      'No answer from the server. Please check your connection and try again.',
    ],
  ])('%s', async (_, answer, title, message) => {
    const { server, user } = openInvoices()
    server.on('POST', '/invoices/request-invoice', answer)
    await confirmCreation(user)
    const dialog = await screen.findByRole('alertdialog', { name: title })
    expect(dialog).toHaveTextContent(message)
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(window.location.pathname).toBe('/invoices')
    expect(await createButton()).toBeEnabled()
  })

  it('shows the error natively with an error haptic', async () => {
    const { server, telegram } = openInvoices({ version: '8.0' })
    server.on('POST', '/invoices/request-invoice', () =>
      apiErrorWithDetails(400, 'BALANCE_LOW_ERROR', { balance: 3.5, minimum: 5 }),
    )
    telegram.answerPopupsWith('create')
    const button = await createButton()
    await waitFor(() => expect(button).toBeEnabled())
    act(() => button.click())
    await waitFor(() => expect(telegram.posted('web_app_open_popup')).toHaveLength(2))
    expect(telegram.posted('web_app_open_popup')[1]).toMatchObject({
      title: 'Balance Too Low',
      message: 'Your balance is 3.50 USDT. The minimum required to create an invoice is 5.00 USDT.',
      buttons: [{ id: 'ok', text: 'Ok' }],
    })
    expect(telegram.posted('web_app_trigger_haptic_feedback')).toContainEqual({
      type: 'notification',
      notification_type: 'error',
    })
  })

  it('speaks Persian to Persian users', async () => {
    const { server, user } = openInvoices({ language: 'fa' })
    server.on('POST', '/invoices/request-invoice', () =>
      apiErrorWithDetails(400, 'ACTION_WAIT_REQUIRED_ERROR', { delay: 600, wait: 125 }),
    )
    // Amounts are isolated left to right inside the Persian sentence (as '12.50 USDT', not 'USDT 12.50').
    const button = await screen.findByRole('button', { name: 'درخواست پرداخت \u206612.50 USDT\u2069' })
    await waitFor(() => expect(button).toBeEnabled())
    await user.click(button)
    const confirm = await screen.findByRole('alertdialog')
    expect(confirm).toHaveTextContent(
      'آیا می‌خواهید این فاکتور را با مبلغ کل \u206612.50 USDT\u2069 ایجاد کنید؟',
    )
    await user.click(within(confirm).getByRole('button', { name: 'ایجاد فاکتور' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'بعداً دوباره تلاش کنید' })
    expect(dialog).toHaveTextContent(
      'هر 10 دقیقه یک بار می‌توانید فاکتور ایجاد کنید. لطفاً 3 دقیقه دیگر دوباره تلاش کنید.',
    )
  })
})

describe('create-invoice button without the dashboard', () => {
  it('waits for the dashboard, and stays disabled when it cannot be read', async () => {
    const { server } = signedIn()
    server.on('GET', '/dashboard', () => apiErrorWithDetails(503, 'SERVICE_UNAVAILABLE'))
    server.on('GET', '/invoices', () => json(invoicePage([])))
    renderApp(buildLaunchUrl({ path: '/invoices' }).url)
    const button = await screen.findByRole('button', { name: 'Request payment' })
    expect(button).toBeDisabled()
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'))
    expect(button).toBeDisabled()
  })
})
