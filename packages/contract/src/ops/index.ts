/**
 * The operator API's calls (`/ops/*`): shared by the server, the CLI and the console. A separate entry
 * (`@app/contract/ops`) so that nothing of it can reach the mini-app's bundle.
 */
export * from './accounts.ts'
export * from './dates.ts'
export * as opsAccountCalls from './endpoints/accounts.ts'
/* The operator calls, one namespace per area (`call(opsOrderCalls.change, { params, body })`). */
export { OPS_ENDPOINTS } from './endpoints/all.ts'
export * as opsExportCalls from './endpoints/exports.ts'
export * as opsInviteCalls from './endpoints/invites.ts'
export * as opsInvoiceCalls from './endpoints/invoices.ts'
export * as opsLedgerCalls from './endpoints/ledger.ts'
export * as opsNewsCalls from './endpoints/news.ts'
export * as opsOperatorCalls from './endpoints/operators.ts'
export * as opsOrderCalls from './endpoints/orders.ts'
export * as opsRateCalls from './endpoints/rates.ts'
export * as opsSettingCalls from './endpoints/settings.ts'
export * as opsTransactionCalls from './endpoints/transactions.ts'
export * as opsUserCalls from './endpoints/users.ts'
export * from './exports.ts'
export * from './invites.ts'
export * from './limit.ts'
export * from './news.ts'
export * from './operators.ts'
export * from './orders.ts'
export * from './settings.ts'
export * from './transactions.ts'
export * from './users.ts'
