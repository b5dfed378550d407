/**
 * The operator API's calls (`/ops/*`): shared by the server, the CLI and the console. A separate entry
 * (`@app/contract/ops`) so that nothing of it can reach the mini-app's bundle.
 */
export * from './accounts.ts'
export * from './invites.ts'
export * from './limit.ts'
export * from './news.ts'
export * from './operators.ts'
export * from './orders.ts'
export * from './payments.ts'
export * from './settings.ts'
export * from './users.ts'
