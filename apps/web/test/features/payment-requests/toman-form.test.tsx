import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiError, json } from '#test-helpers/fake-server.ts'
import { ADA } from '#test-helpers/launch-url.ts'
import {
  bankCardFixture,
  CARD,
  IBAN,
  INVOICE,
  openPayments,
  PERSIAN,
  transactionFixture,
} from './payment-requests-fixtures.ts'

const PATH = `/invoices/${INVOICE}/request-payment-irt`
const CALL = `/invoices/${INVOICE}/request-payment-irt`

type Opened = ReturnType<typeof openPayments>

/** Latin digits as a Persian keyboard types them. */
const persianDigits = (value: string) => value.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)))
/** And as an Arabic keyboard does. */
const arabicDigits = (value: string) => value.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)))

const field = (name: string) => screen.getByRole('textbox', { name })

async function fillCard(
  { user }: Opened,
  values: { name?: string; family?: string; number?: string; iban?: string },
) {
  await screen.findByTestId('request-payment-irt')
  for (const [label, value] of [
    ['نام', values.name],
    ['نام خانوادگی', values.family],
    ['شماره کارت', values.number],
    ['شماره شبا', values.iban],
  ] as const) {
    await user.clear(field(label))
    if (value) await user.type(field(label), value)
  }
}

async function submit({ user }: Opened) {
  const button = screen.getByTestId('request-payment-irt-submit')
  await waitFor(() => expect(button).toBeEnabled())
  await user.click(button)
}

describe('toman form', () => {
  it('is right to left and Persian in an English app, with the rate and tips', async () => {
    openPayments(PATH)
    const screenRoot = await screen.findByTestId('request-payment-irt')
    const container = screenRoot.closest('[dir]')
    expect(container).toHaveAttribute('dir', 'rtl')
    expect(container).toHaveAttribute('lang', 'fa')
    expect(document.documentElement).toHaveAttribute('lang', 'en')
    expect(screen.getByRole('heading', { level: 1, name: 'پرداخت تومانی' })).toBeInTheDocument()
    for (const label of ['نام', 'نام خانوادگی', 'شماره کارت', 'شماره شبا']) {
      expect(field(label)).toBeInTheDocument()
    }
    expect(await screen.findByTestId('exchange-rate')).toHaveTextContent('1 دلار = 98,500 تومان')
    expect(screen.getByTestId('payment-tips')).toHaveTextContent('ساعات کاری بانک')
    // The sheba is typed without IR: the form shows it as a fixed prefix, outside the input.
    expect(field('شماره شبا').parentElement).toHaveTextContent('IR')
    expect(field('شماره شبا')).toHaveValue('')
  })

  it.each([
    ['en', ADA, 'Name is required', 'Family name is required'],
    ['fa', PERSIAN, 'نام الزامی است', 'نام خانوادگی الزامی است'],
  ] as const)(
    '%s: empty name and family say they are required; the card and sheba keep the spec messages',
    async (_, user, name, family) => {
      const opened = openPayments(PATH, { user })
      await screen.findByTestId('exchange-rate')
      await submit(opened)
      expect(await screen.findByText(name)).toBeInTheDocument()
      expect(screen.getByText(family)).toBeInTheDocument()
      expect(screen.getAllByText('شماره کارت نامعتبر است')).toHaveLength(1)
      expect(screen.getByText('شماره شبا نامعتبر است')).toBeInTheDocument()
      expect(field('نام')).toHaveAttribute('aria-invalid', 'true')
      expect(field('نام')).toHaveAccessibleDescription(name)
      expect(field('نام خانوادگی')).toHaveAccessibleDescription(family)
      expect(field('شماره کارت')).toHaveAccessibleDescription('شماره کارت نامعتبر است')
      // Spaces alone are no name either.
      await fillCard(opened, { name: '   ', family: 'محمدی', number: CARD, iban: IBAN.slice(2) })
      await submit(opened)
      expect(await screen.findByText(name)).toBeInTheDocument()
      expect(screen.queryByText(family)).not.toBeInTheDocument()
      expect(opened.server.callsTo('POST', CALL)).toHaveLength(0)
    },
  )

  it.each([
    ['en', ADA],
    ['fa', PERSIAN],
  ] as const)(
    '%s: shows the toman the user will receive at the current rate before submitting',
    async (_, user) => {
      const opened = openPayments(PATH, { user })
      const receive = await screen.findByTestId('payout-receive')
      // 12.50 USDT at 98,500 toman per USDT, whole toman.
      await waitFor(() => expect(receive).toHaveTextContent('1,231,250 تومان'))
      expect(screen.getByTestId('payout-summary')).toHaveTextContent('مبلغ دریافتی شما')
      expect(screen.getByTestId('payout-invoice')).toHaveTextContent('12.50 USDT')
      expect(opened.server.callsTo('POST', CALL)).toHaveLength(0)
    },
  )

  it('counts from the exact invoice amount, not the cent shown: what the server will pay', async () => {
    openPayments(PATH, { invoiceAmount: 1.07, invoiceAmountExact: '1.0685' })
    const receive = await screen.findByTestId('payout-receive')
    // 1.0685 x 98,500 = 105,247.25, whole toman (1.07 would say 105,395).
    await waitFor(() => expect(receive).toHaveTextContent('105,247 تومان'))
    expect(screen.getByTestId('payout-invoice')).toHaveTextContent('1.07 USDT')
  })

  it('checks the card number (Luhn) and the sheba (mod 97) on the phone', async () => {
    const opened = openPayments(PATH)
    await fillCard(opened, {
      name: 'رضا',
      family: 'محمدی',
      number: '6037991234567891',
      iban: '050170000000123456789013',
    })
    await submit(opened)
    expect(await screen.findByText('شماره کارت نامعتبر است')).toBeInTheDocument()
    expect(screen.getByText('شماره شبا نامعتبر است')).toBeInTheDocument()
    expect(field('نام')).not.toHaveAttribute('aria-invalid')
    expect(opened.server.callsTo('POST', CALL)).toHaveLength(0)
  })

  it('sends Latin digits and adds IR, whatever digits the keyboard typed', async () => {
    const opened = openPayments(PATH)
    opened.server.on('POST', CALL, () => json(transactionFixture({ currency: 'irt' }), 201))
    await fillCard(opened, {
      name: ' رضا ',
      family: 'محمدی',
      number: persianDigits('6037 9912 3456 7893'),
      iban: arabicDigits(IBAN.slice(2)),
    })
    // The fields themselves show Latin digits: one digit style on screen, and what is shown is what is sent.
    expect(field('شماره کارت')).toHaveValue('6037 9912 3456 7893')
    expect(field('شماره شبا')).toHaveValue(IBAN.slice(2))
    await submit(opened)
    await screen.findByRole('alertdialog', { name: 'موفق' })
    expect(opened.server.callsTo('POST', CALL)[0]?.body).toEqual({
      bankCardCreate: { name: 'رضا', family: 'محمدی', number: CARD, iban: IBAN },
      currency: 'irt',
    })
  })

  it('an IR typed or pasted anyway is not doubled', async () => {
    const opened = openPayments(PATH)
    opened.server.on('POST', CALL, () => json(transactionFixture({ currency: 'irt' }), 201))
    await fillCard(opened, { name: 'رضا', family: 'محمدی', number: CARD, iban: `ir ${IBAN.slice(2)}` })
    await submit(opened)
    await screen.findByRole('alertdialog', { name: 'موفق' })
    expect(opened.server.callsTo('POST', CALL)[0]?.body).toMatchObject({ bankCardCreate: { iban: IBAN } })
  })

  it('lists saved cards newest first; tapping one fills the form (sheba without IR)', async () => {
    const opened = openPayments(PATH)
    const saved = bankCardFixture({ name: 'سارا', family: 'احمدی' })
    opened.server.on('GET', '/bank-cards', () =>
      json({ items: [saved], nextPage: null, previousPage: null, total: 1 }),
    )
    opened.server.on('POST', CALL, () => json(transactionFixture({ currency: 'irt' }), 201))
    const row = await screen.findByTestId('bank-card')
    expect(row).toHaveTextContent('سارا احمدی')
    expect(row).toHaveTextContent('6037 9912 3456 7893')
    const query = opened.server.callsTo('GET', '/bank-cards')[0]?.query
    expect(query?.get('size')).toBe('24')
    expect(JSON.parse(query?.get('sorts') ?? 'null')).toEqual([
      { model: 'BankCard', field: 'created_at', direction: 'desc' },
    ])

    await opened.user.click(row)
    expect(field('نام')).toHaveValue('سارا')
    expect(field('نام خانوادگی')).toHaveValue('احمدی')
    expect(field('شماره کارت')).toHaveValue(CARD)
    expect(field('شماره شبا')).toHaveValue(IBAN.slice(2))
    await submit(opened)
    await screen.findByRole('alertdialog', { name: 'موفق' })
    expect(opened.server.callsTo('POST', CALL)[0]?.body).toEqual({
      bankCardCreate: { name: 'سارا', family: 'احمدی', number: CARD, iban: IBAN },
      currency: 'irt',
    })
  })

  it('without a rate: says so and cannot be submitted', async () => {
    const opened = openPayments(PATH)
    opened.server.on('GET', '/exchanges/USDTIRT', () => apiError(409, 'EXCHANGE_RATE_UNAVAILABLE'))
    expect(await screen.findByTestId('exchange-rate-unavailable')).toHaveTextContent(
      'نرخ تبدیل در حال حاضر در دسترس نیست',
    )
    expect(screen.getByTestId('request-payment-irt-submit')).toBeDisabled()
  })

  it('success: the Persian dialog, then the invoice list', async () => {
    const opened = openPayments(PATH)
    opened.server.on('POST', CALL, () => json(transactionFixture({ currency: 'irt' }), 201))
    await fillCard(opened, { name: 'رضا', family: 'محمدی', number: CARD, iban: IBAN.slice(2) })
    await submit(opened)
    const dialog = await screen.findByRole('alertdialog', { name: 'موفق' })
    expect(dialog).toHaveTextContent('درخواست پرداخت موفقانه ثبت شد')
    await opened.user.click(within(dialog).getByRole('button', { name: 'باشه' }))
    await waitFor(() => expect(window.location.pathname).toBe('/invoices'))
  })

  it('failure: the Persian dialog, then the invoice list (also for a Persian user)', async () => {
    const opened = openPayments(PATH, { user: PERSIAN })
    opened.server.on('POST', CALL, () => apiError(409, 'PAYMENT_CLOSED'))
    await fillCard(opened, { name: 'رضا', family: 'محمدی', number: CARD, iban: IBAN.slice(2) })
    await submit(opened)
    const dialog = await screen.findByRole('alertdialog', { name: 'ناموفق' })
    expect(dialog).toHaveTextContent('درخواست پرداخت رد شد')
    await opened.user.click(within(dialog).getByRole('button', { name: 'باشه' }))
    await waitFor(() => expect(window.location.pathname).toBe('/invoices'))
  })

  it('no answer: the Persian dialog, and the form stays with everything typed (English app)', async () => {
    const opened = openPayments(PATH)
    opened.server.on('POST', CALL, () => {
      throw new TypeError('Failed to fetch')
    })
    await fillCard(opened, { name: 'رضا', family: 'محمدی', number: CARD, iban: IBAN.slice(2) })
    await submit(opened)
    const dialog = await screen.findByRole('alertdialog', { name: 'خطای ناشناخته' })
    expect(dialog).toHaveTextContent('پاسخی از سرور دریافت نشد.')
    await opened.user.click(within(dialog).getByRole('button', { name: 'باشه' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(window.location.pathname).toBe(PATH)
    expect(field('نام')).toHaveValue('رضا')
    expect(field('نام خانوادگی')).toHaveValue('محمدی')
    expect((field('شماره کارت') as HTMLInputElement).value.replace(/\D/g, '')).toBe(CARD)
    expect(field('شماره شبا')).toHaveValue(IBAN.slice(2))
  })

  it('a 400 naming the sheba shows under it', async () => {
    const opened = openPayments(PATH)
    opened.server.on('POST', CALL, () =>
      apiError(400, 'VALIDATION_ERROR', 'bankCardCreate.iban: شماره شبا نامعتبر است'),
    )
    await fillCard(opened, { name: 'رضا', family: 'محمدی', number: CARD, iban: IBAN.slice(2) })
    await submit(opened)
    expect(await screen.findByRole('alert')).toHaveTextContent('شماره شبا نامعتبر است')
    expect(field('شماره شبا')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })
})
