/** Operator API for invoices: the queue and the confirmation moves. */
import { opsInvoiceCalls as calls } from '@app/contract/ops'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'
import { requireReason } from '../audit/reason.ts'

const invoiceOpsRoutes: FastifyPluginAsyncZod<WithServices<'invoices' | 'audit'>> = async (
  app,
  { services: { invoices, audit } },
) => {
  route(app, calls.list, async (request) => invoices.listForOperators(request.query))

  route(app, calls.move, async (request) => {
    const { uid, move } = request.params
    const given = request.body?.reason
    return audit.record(
      request.operator,
      {
        action: `invoice.${move}`,
        objectType: 'invoice',
        objectId: uid,
        reason: move === 'reject' ? requireReason(request.operator, given) : (given ?? null),
        before: (s) => s.invoices.snapshot(uid),
      },
      (s) => s.invoices.move(uid, move),
    )
  })
}
export default invoiceOpsRoutes
