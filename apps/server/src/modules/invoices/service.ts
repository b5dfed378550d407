/**
 * Invoices (docs/transactions.md), as one service: the use cases are plain functions of the invoices' context
 * (context.ts), bound here once. Turning the balance into an invoice: request-invoice.ts; the user's views:
 * user-reads.ts; operators' queue and confirmation moves: confirmation.ts.
 */
import { bindContext } from '#lib/bind-context.ts'
import { listForOperators, moveInvoice, snapshot } from './confirmation.ts'
import type { InvoicesContext } from './context.ts'
import { requestInvoice } from './request-invoice.ts'
import { invoiceAccounts, invoiceDetail, listInvoices } from './user-reads.ts'

export type InvoiceServiceDeps = InvoicesContext

export function createInvoiceService(deps: InvoiceServiceDeps) {
  return bindContext(deps, {
    snapshot,
    request: requestInvoice,
    list: listInvoices,
    detail: invoiceDetail,
    accounts: invoiceAccounts,
    listForOperators,
    move: moveInvoice,
  })
}
