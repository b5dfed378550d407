/**
 * Operators' authentication: every /ops call carries `Authorization: Bearer <ops token>` (OPS_TOKEN, or the
 * one generated into DATA_DIR/ops-token; see modules/secrets/ops-token.ts).
 */
import { unauthorized } from '../../lib/domain-error.ts'
import { opsTokenMatches } from '../secrets/ops-token.ts'

export type OperatorAuthServiceDeps = { opsToken: string }
export type OperatorAuthService = ReturnType<typeof createOperatorAuthService>

export function createOperatorAuthService({ opsToken }: OperatorAuthServiceDeps) {
  return {
    /** Throws a 401 unless the presented token is the operator token. */
    authenticate(presented: string | undefined): void {
      if (presented === undefined || !opsTokenMatches(presented, opsToken))
        throw unauthorized('Operator token required')
    },
  }
}
