/** The user's views of their invoices: the list, one invoice with its transactions, and its accounts. */
import type { Account, InvoiceDetail, Page } from '@app/contract'
import { notFound } from '#lib/domain-error.ts'
import { assemblePage } from '#lib/keyset.ts'
import { formatUsdt, usdtToWireNumber } from '#lib/money.ts'
import { toAccount } from '../accounts/service.ts'
import { invoiceEarningsAmount } from '../referrals/earnings-repository.ts'
import { readSettings } from '../settings/repository.ts'
import { findTransactionsOfInvoice, invoicesWithOpenTransaction } from '../transactions/repository.ts'
import { isOpenTransactionStatus, paymentRequestAllowed } from '../transactions/status-rules.ts'
import { toTransaction } from '../transactions/views.ts'
import type { InvoicesContext } from './context.ts'
import {
  countInvoiceAccounts,
  findInvoice,
  findInvoiceAccountPage,
  findInvoicePage,
  type InvoiceRecord,
} from './repository.ts'
import { toInvoice } from './views.ts'

/** The user's own invoice; another user's is a 404, the same as a missing one. */
async function invoiceOfUser(ctx: InvoicesContext, userId: number, uid: string): Promise<InvoiceRecord> {
  const invoice = await findInvoice(ctx.db, uid, { userId })
  if (!invoice) throw notFound('Invoice not found')
  return invoice
}

export async function listInvoices(
  ctx: InvoicesContext,
  userId: number,
  input: { cursor?: string | undefined; size: number },
) {
  const { db, cursors } = ctx
  const from = input.cursor === undefined ? undefined : cursors.decode(input.cursor)
  const [rows, settings] = await Promise.all([
    findInvoicePage(db, userId, input.size + 1, from),
    readSettings(db),
  ])
  const open = await invoicesWithOpenTransaction(
    db,
    rows.map((row) => row.id),
  )
  return assemblePage(rows, input.size, from, cursors, (row) =>
    toInvoice(row, paymentRequestAllowed(row, settings.payment_open, open.has(row.id))),
  )
}

export async function invoiceDetail(
  ctx: InvoicesContext,
  userId: number,
  uid: string,
): Promise<InvoiceDetail> {
  const invoice = await invoiceOfUser(ctx, userId, uid)
  const [transactions, settings, earnings] = await Promise.all([
    findTransactionsOfInvoice(ctx.db, invoice.id),
    readSettings(ctx.db),
    invoiceEarningsAmount(ctx.db, invoice.id),
  ])
  const hasOpen = transactions.some((t) => isOpenTransactionStatus(t.status))
  return {
    ...toInvoice(invoice, paymentRequestAllowed(invoice, settings.payment_open, hasOpen)),
    amountExact: formatUsdt(invoice.amount),
    referralEarnings: usdtToWireNumber(earnings),
    transactions: transactions.map(toTransaction),
  }
}

export async function invoiceAccounts(
  ctx: InvoicesContext,
  userId: number,
  uid: string,
  input: { cursor?: string | undefined; size: number },
): Promise<Page<Account> & { total: number }> {
  const invoice = await invoiceOfUser(ctx, userId, uid)
  const from = input.cursor === undefined ? undefined : ctx.cursors.decode(input.cursor)
  const [rows, total] = await Promise.all([
    findInvoiceAccountPage(ctx.db, invoice.id, input.size + 1, from),
    countInvoiceAccounts(ctx.db, invoice.id),
  ])
  return { ...assemblePage(rows, input.size, from, ctx.cursors, toAccount), total }
}
