/** Operator API for orders: list, create, change (docs/console.md). */
import { opsOrderCalls } from '@app/contract/ops'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'
import { showOrder } from './service.ts'

const orderOpsRoutes: FastifyPluginAsyncZod<WithServices<'orders' | 'audit'>> = async (
  app,
  { services: { orders, audit } },
) => {
  route(app, opsOrderCalls.list, async () => (await orders.list()).map(showOrder))

  route(app, opsOrderCalls.create, async (request, reply) =>
    reply
      .code(201)
      .send(
        await audit.record(
          request.operator,
          { action: 'order.create', objectType: 'order', objectId: request.body.country.toUpperCase() },
          async (s) => showOrder(await s.orders.create(request.body)),
        ),
      ),
  )

  route(app, opsOrderCalls.change, async (request) => {
    const { country } = request.params
    return audit.record(
      request.operator,
      {
        action: 'order.change',
        objectType: 'order',
        objectId: country.toUpperCase(),
        before: (s) => s.orders.snapshot(country),
      },
      async (s) => showOrder(await s.orders.change(country, request.body)),
    )
  })
}
export default orderOpsRoutes
