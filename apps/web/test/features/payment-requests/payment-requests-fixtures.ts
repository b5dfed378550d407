import type { BankCard, Dashboard, InvoiceDetail, Transaction } from '@app/contract'
import { json } from '#test-helpers/fake-server.ts'
import { dashboardFixture } from '#test-helpers/fixtures.ts'
import { ADA, buildLaunchUrl, type TestUser } from '#test-helpers/launch-url.ts'
import { renderApp } from '#test-helpers/render-app.tsx'
import { signedIn } from '#test-helpers/signed-in.ts'

export const INVOICE = '7c1f0000-5f6d-4c1e-9a53-3f0c2d1e4b5a'
export const TRANSACTION = '9d2e0000-5f6d-4c1e-9a53-3f0c2d1e4b5b'

/** Addresses and bank details that pass the contract's checksums (its own test vectors). */
export const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
export const BSC = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
export const CARD = '6037991234567893'
export const IBAN = 'IR050170000000123456789012'

export const PERSIAN = { ...ADA, language_code: 'fa' }

export function dashboardWith(invoice: Partial<Dashboard['invoice']> = {}): Dashboard {
  const base = dashboardFixture()
  return { ...base, invoice: { ...base.invoice, ...invoice } }
}

export function transactionFixture(overrides: Partial<Transaction> = {}): Transaction {
  return {
    uid: TRANSACTION,
    invoiceUid: INVOICE,
    currency: 'usdt',
    net: 49.7,
    rate: 1,
    status: 'pending',
    userFee: 0.3,
    createdAt: 1_700_000_000,
    updatedAt: 1_700_000_000,
    paidAt: null,
    txid: null,
    senderAddress: null,
    receiverAddress: BSC,
    referrerTelegramId: 777_000_111,
    ...overrides,
  }
}

export function bankCardFixture(overrides: Partial<BankCard> = {}): BankCard {
  return {
    uid: '5e3f0000-5f6d-4c1e-9a53-3f0c2d1e4b5c',
    name: 'رضا',
    family: 'محمدی',
    number: CARD,
    iban: IBAN,
    created_at: 1_700_000_000,
    ...overrides,
  }
}

/** The invoice being paid, as GET /invoices/{uid} answers it: 12.50 USDT, confirmed, a payout may be requested. */
export function invoiceDetailWith(amount = 12.5, amountExact = String(amount)): InvoiceDetail {
  return {
    uid: INVOICE,
    amount,
    amountExact,
    currency: 'usdt',
    confirmationStatus: 'confirmed',
    paymentStatus: 'pending',
    isPaymentRequestAvailable: true,
    createdAt: 1_700_000_000,
    referralEarnings: 0,
    transactions: [],
  }
}

/** Signed in with the dashboard given, the payout endpoints ready to be answered, the app opened at `path`. */
export function openPayments(
  path: string,
  {
    dashboard = dashboardWith(),
    user = ADA,
    version = '6.0',
    invoiceAmount = 12.5,
    invoiceAmountExact = String(invoiceAmount),
  }: {
    dashboard?: Dashboard
    user?: TestUser
    version?: string
    invoiceAmount?: number
    invoiceAmountExact?: string
  } = {},
) {
  const signed = signedIn(dashboard)
  signed.server.on('GET', `/invoices/${INVOICE}`, () =>
    json(invoiceDetailWith(invoiceAmount, invoiceAmountExact)),
  )
  signed.server.on('GET', '/exchanges/USDTTRX', () => json({ price: 3.25 }))
  signed.server.on('GET', '/exchanges/USDTIRT', () => json({ price: 98_500 }))
  signed.server.on('GET', '/bank-cards', () =>
    json({ items: [], nextPage: null, previousPage: null, total: 0 }),
  )
  const view = renderApp(buildLaunchUrl({ path, user, version }).url)
  return { ...signed, ...view }
}
