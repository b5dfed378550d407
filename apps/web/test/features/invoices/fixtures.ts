import type { Dashboard, Invoice, InvoiceDetail, Transaction } from '@app/contract'
import { dashboardFixture } from '#test-helpers/fixtures.ts'

let seq = 0
const nextUid = (prefix: string) => {
  seq += 1
  return `${prefix}-5f6d-4c1e-9a53-3f0c2d1e${String(seq).padStart(4, '0')}`
}

/** An invoice as GET /invoices lists it: confirmed, not paid yet, payment request available. */
export function invoiceFixture(overrides: Partial<Invoice> = {}): Invoice {
  return {
    uid: nextUid('7c1f0000'),
    amount: 12.5,
    currency: 'usdt',
    confirmationStatus: 'confirmed',
    paymentStatus: 'pending',
    isPaymentRequestAvailable: true,
    createdAt: 1_700_000_000,
    ...overrides,
  }
}

export function transactionFixture(overrides: Partial<Transaction> = {}): Transaction {
  return {
    uid: nextUid('9d2e0000'),
    invoiceUid: '7c1f0000-5f6d-4c1e-9a53-3f0c2d1e0000',
    currency: 'trx',
    net: 41.23,
    rate: 3.3,
    status: 'pending',
    userFee: 0,
    createdAt: 1_700_000_100,
    updatedAt: 1_700_000_100,
    paidAt: null,
    txid: null,
    senderAddress: null,
    receiverAddress: 'TXYZ',
    referrerTelegramId: null,
    ...overrides,
  }
}

export function invoiceDetailFixture(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  const invoice = { ...invoiceFixture(), ...overrides }
  return { amountExact: String(invoice.amount), referralEarnings: 0, transactions: [], ...invoice }
}

export function invoicePage<T>(items: T[], nextPage: string | null = null, total?: number) {
  return { items, nextPage, previousPage: null, ...(total === undefined ? {} : { total }) }
}

/** The dashboard with these invoice flags (open, 12.50 available within 5..1000 by default). */
export function paymentDashboard(invoice: Partial<Dashboard['invoice']> = {}): Dashboard {
  const dashboard = dashboardFixture()
  const merged = { ...dashboard.invoice, ...invoice }
  return {
    ...dashboard,
    invoice: { ...merged, paymentAvailableF: merged.paymentAvailable.toFixed(2) },
  }
}
