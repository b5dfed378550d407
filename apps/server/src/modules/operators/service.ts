/**
 * Named operators (docs/console.md), as one service: the use cases are plain functions of the operators' context
 * (context.ts), bound here once. Who is calling: authenticate.ts; the console's sign-in and sessions: sign-in.ts;
 * credentials an admin sees: enrolment.ts; roles and enabled state: management.ts; the overview: overview.ts.
 */
import { bindContext } from '#lib/bind-context.ts'
import { authenticateSession, authenticateToken, csrfMatches, me } from './authenticate.ts'
import type { OperatorServiceDeps, OperatorsContext } from './context.ts'
import { createOperator, issueApiToken, resetCredentials } from './enrolment.ts'
import { changeOperator, listOperators, snapshot } from './management.ts'
import { overview, trends } from './overview.ts'
import { login, logout, logoutEverywhere } from './sign-in.ts'

export function createOperatorService(deps: OperatorServiceDeps) {
  const ctx: OperatorsContext = { ...deps, trendsCache: { cached: undefined } }
  const bound = bindContext(ctx, {
    authenticateToken,
    authenticateSession,
    login,
    logout,
    logoutEverywhere,
    overview,
    trends,
    list: listOperators,
    snapshot,
    create: createOperator,
    resetCredentials,
    change: changeOperator,
    issueApiToken,
  })
  return { ...bound, csrfMatches, me }
}
