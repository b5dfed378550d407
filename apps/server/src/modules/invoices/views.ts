/** How invoices look on the wire (users) and to operators (exact amounts, ISO times). */
import type { Invoice } from '@app/contract'
import { epochSeconds } from '#lib/epoch-seconds.ts'
import { formatUsdt, usdtToWireNumber } from '#lib/money.ts'
import type { InvoiceRecord } from './repository.ts'

export function toInvoice(row: InvoiceRecord, isPaymentRequestAvailable: boolean): Invoice {
  return {
    uid: row.uid,
    amount: usdtToWireNumber(row.amount),
    currency: 'usdt',
    confirmationStatus: row.confirmationStatus,
    paymentStatus: row.paymentStatus,
    isPaymentRequestAvailable,
    createdAt: epochSeconds(row.createdAt),
  }
}

export function toOpsInvoice(row: InvoiceRecord) {
  return {
    uid: row.uid,
    amount: formatUsdt(row.amount),
    confirmationStatus: row.confirmationStatus,
    paymentStatus: row.paymentStatus,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  }
}
export type OpsInvoice = ReturnType<typeof toOpsInvoice>
