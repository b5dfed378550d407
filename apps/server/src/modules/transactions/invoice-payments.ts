/**
 * The invoice's side of a payment, all SQL: its row locked while a payment request or a transaction's move runs, and
 * its payment status, which follows its transactions (the rest of an invoice: modules/invoices).
 */
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { invoices } from '../invoices/schema.ts'
import type { PaymentStatus } from './status-rules.ts'

export type InvoiceOfPayment = typeof invoices.$inferSelect

/** The invoice, locked to the end of `tx` (no payment request or other move of it runs meanwhile); undefined: none. */
export async function lockInvoice(
  tx: Db,
  uid: string,
  userId?: number,
): Promise<InvoiceOfPayment | undefined> {
  const conditions: SQL[] = [eq(invoices.uid, uid)]
  if (userId !== undefined) conditions.push(eq(invoices.userId, userId))
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(...conditions))
    .for('update')
  return row
}

/** The payment status follows the invoice's transaction; `paidAt` is set by a success only. */
export async function setInvoicePaymentStatus(
  tx: Db,
  invoiceId: number,
  paymentStatus: PaymentStatus,
  paidAt: Date | null,
): Promise<void> {
  await tx
    .update(invoices)
    .set({ paymentStatus, paidAt, updatedAt: sql`now()` })
    .where(eq(invoices.id, invoiceId))
}
