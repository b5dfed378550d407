/**
 * Who may make which operator call: every `/ops/*` route and the least role it needs (roles rank viewer <
 * operator < admin), or `public` for the console's login. The server asks this before every call, whatever the
 * console shows; a route missing here is admin-only at run time and fails `test/routes/ops-access.test.ts`.
 */
import { OPERATOR_ROLES, type OperatorRole } from '@app/contract/ops'

export type AccessRule = OperatorRole | 'public'

export const OPS_ACCESS: Record<string, AccessRule> = {
  // The console's session (any operator) and login.
  'POST /ops/session': 'public',
  'GET /ops/session': 'viewer',
  'DELETE /ops/session': 'viewer',
  'DELETE /ops/sessions': 'viewer',
  // Reading.
  'GET /ops/overview': 'viewer',
  'GET /ops/settings': 'viewer',
  'GET /ops/settings/problems': 'viewer',
  'GET /ops/settings/pending': 'viewer',
  'GET /ops/orders': 'viewer',
  'GET /ops/users': 'viewer',
  'GET /ops/users/:telegramId': 'viewer',
  'GET /ops/users/:telegramId/accounts': 'viewer',
  'GET /ops/accounts': 'viewer',
  'GET /ops/invoices': 'viewer',
  'GET /ops/transactions': 'viewer',
  'GET /ops/rates/:pair': 'viewer',
  'GET /ops/ledger': 'viewer',
  'GET /ops/news': 'viewer',
  'GET /ops/audit': 'viewer',
  // The daily work: invoices, payouts, account statuses, news.
  'POST /ops/invoices/:uid/:move': 'operator',
  'POST /ops/transactions/:uid/:move': 'operator',
  'POST /ops/transactions/:uid/approve': 'operator',
  'PUT /ops/accounts/:uid/status': 'operator',
  'POST /ops/news': 'operator',
  'DELETE /ops/news/:uid': 'operator',
  // Everything else: settings, limits, orders, rates, invites, users' flags and blocks, operators.
  'GET /ops/invites': 'admin',
  'POST /ops/invites': 'admin',
  'POST /ops/invites/:code/revoke': 'admin',
  'PUT /ops/settings/:key': 'admin',
  'POST /ops/orders': 'admin',
  'PATCH /ops/orders/:country': 'admin',
  'PUT /ops/rates/:pair': 'admin',
  'PATCH /ops/users/:telegramId': 'admin',
  'POST /ops/users/:telegramId/block': 'admin',
  'DELETE /ops/users/:telegramId/block': 'admin',
  'GET /ops/operators': 'admin',
  'POST /ops/operators': 'admin',
  'PATCH /ops/operators/:login': 'admin',
  'POST /ops/operators/:login/token': 'admin',
  'POST /ops/operators/:login/reset': 'admin',
}

const rank = (role: OperatorRole) => OPERATOR_ROLES.indexOf(role)

/** The rule of a route (`HEAD` is its `GET`); undefined when the table lacks it. */
export function accessRuleOf(method: string, url: string): AccessRule | undefined {
  return OPS_ACCESS[`${method === 'HEAD' ? 'GET' : method} ${url}`]
}

/** Whether a role may make the call; a route without a rule is admin-only. */
export function roleMayCall(role: OperatorRole, rule: AccessRule | undefined): boolean {
  if (rule === 'public') return true
  return rank(role) >= rank(rule ?? 'admin')
}
