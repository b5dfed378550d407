/** Operator API for transactions: the list, moves (chain check included) and four eyes' approvals. */
import { opsTransactionCalls as calls } from '@app/contract/ops'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'
import { requireReason } from '../audit/reason.ts'
import { statusMoveOf } from './status-rules.ts'

const transactionOpsRoutes: FastifyPluginAsyncZod<WithServices<'transactions' | 'audit'>> = async (
  app,
  { services: { transactions, audit } },
) => {
  route(app, calls.list, async (request) => transactions.listForOperators(request.query))

  // The transaction service decides whether the move may happen, four eyes included (four-eyes.ts).
  route(app, calls.move, async (request) => {
    const { uid, move } = request.params
    const given = request.body?.reason
    const statusMove = statusMoveOf(move, request.body)
    // A TRX or USDT success is read on its chain first, outside the audited transaction (no lock while it answers).
    const chainWord = await transactions.checkOnChain(uid, statusMove, request.operator)
    return audit.record(
      request.operator,
      {
        action: `transaction.${move}`,
        objectType: 'transaction',
        objectId: uid,
        reason:
          move === 'fail' || move === 'review' ? requireReason(request.operator, given) : (given ?? null),
        before: (s) => s.transactions.snapshot(uid),
      },
      (s) => s.transactions.move(uid, statusMove, request.operator, chainWord),
    )
  })

  route(app, calls.approve, async (request) => {
    const { uid } = request.params
    return audit.record(
      request.operator,
      {
        action: 'transaction.approve',
        objectType: 'transaction',
        objectId: uid,
        before: (s) => s.transactions.approvalState(uid),
      },
      (s) => s.transactions.approve(request.operator, uid),
    )
  })
}
export default transactionOpsRoutes
