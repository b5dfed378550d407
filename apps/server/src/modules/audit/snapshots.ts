/** The state of an object before an operator changes it, read in the change's transaction for the audit log. */
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { accounts, invoices, transactions } from '../../db/schema.ts'

export async function accountStatusOf(tx: Db, uid: string) {
  const [row] = await tx
    .select({ status: accounts.status, validationStatus: accounts.validationStatus })
    .from(accounts)
    .where(eq(accounts.uid, uid))
  return row ?? null
}

export async function invoiceStatusOf(tx: Db, uid: string) {
  const [row] = await tx
    .select({ confirmationStatus: invoices.confirmationStatus, paymentStatus: invoices.paymentStatus })
    .from(invoices)
    .where(eq(invoices.uid, uid))
  return row ?? null
}

export async function transactionStatusOf(tx: Db, uid: string) {
  const [row] = await tx
    .select({
      status: transactions.status,
      txid: transactions.txid,
      senderAddress: transactions.senderAddress,
    })
    .from(transactions)
    .where(eq(transactions.uid, uid))
  return row ?? null
}
