/** Operator API for the ledger (docs/transactions.md, 'Ledger'). */
import { opsLedgerCalls as calls } from '@app/contract/ops'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'

const ledgerOpsRoutes: FastifyPluginAsyncZod<WithServices<'ledger'>> = async (
  app,
  { services: { ledger } },
) => {
  route(app, calls.ledger, async () => ledger.report())
}
export default ledgerOpsRoutes
