/**
 * Who may make which operator call: the least role each `/ops/*` call's contract declaration names (roles rank
 * viewer < operator < admin), or `public` for the console's login. The server asks this before every call
 * (plugins/operator-access.ts reads the role off the route's declaration), whatever the console shows.
 */
import type { OpsAccess } from '@app/contract'
import { OPERATOR_ROLES, OPS_ENDPOINTS, type OperatorRole } from '@app/contract/ops'

export type AccessRule = OpsAccess

/** The role table, `METHOD /ops/path` -> the least role, as the contract declares the calls. */
export const OPS_ACCESS: Readonly<Record<string, AccessRule>> = Object.fromEntries(
  OPS_ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint.role ?? 'admin']),
)

const rank = (role: OperatorRole) => OPERATOR_ROLES.indexOf(role)

/** Whether a role may make the call; a call without a rule is admin-only. */
export function roleMayCall(role: OperatorRole, rule: AccessRule | undefined): boolean {
  if (rule === 'public') return true
  return rank(role) >= rank(rule ?? 'admin')
}
