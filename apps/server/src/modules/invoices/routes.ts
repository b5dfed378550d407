/** Invoices of spec section 7: list, detail, the invoice's accounts, and creating one. */
import { invoiceCalls } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'

const invoiceRoutes: FastifyPluginAsyncZod<WithServices<'invoices'>> = async (
  app,
  { services: { invoices } },
) => {
  app.addHook('preHandler', app.authenticate)

  route(app, invoiceCalls.list, async (request) => invoices.list(request.user.id, request.query))

  route(app, invoiceCalls.request, async (request, reply) =>
    reply.code(201).send(await invoices.request(request.user.id)),
  )

  route(app, invoiceCalls.get, async (request) => invoices.detail(request.user.id, request.params.invoiceId))

  route(app, invoiceCalls.accounts, async (request) =>
    invoices.accounts(request.user.id, request.params.invoiceId, request.query),
  )
}
export default invoiceRoutes
