/**
 * Payouts of spec section 7: the three payment requests, the transaction detail, saved bank cards and the
 * exchange rate. A payment request answers 201 with the new transaction, or 200 with the open one when the same
 * request arrives again.
 */
import { paymentCalls } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '../../lib/route.ts'
import type { WithServices } from '../../services.ts'

const paymentRoutes: FastifyPluginAsyncZod<WithServices<'payouts' | 'bankCards' | 'exchangeRates'>> = async (
  app,
  { services: { payouts, bankCards, exchangeRates } },
) => {
  app.addHook('preHandler', app.authenticate)

  // The three payment requests differ only in their endpoint and what the body says; their answers are the same.
  route(app, paymentCalls.requestTrx, async (request, reply) => {
    const { transaction, created } = await payouts.request(request.user.id, request.params.uid, {
      currency: 'trx',
      receiverAddress: request.body.receiverAddress,
    })
    return reply.code(created ? 201 : 200).send(transaction)
  })
  route(app, paymentCalls.requestCrypto, async (request, reply) => {
    const { transaction, created } = await payouts.request(request.user.id, request.params.uid, {
      currency: 'usdt',
      receiverAddress: request.body.receiverAddress,
    })
    return reply.code(created ? 201 : 200).send(transaction)
  })
  route(app, paymentCalls.requestIrt, async (request, reply) => {
    const { transaction, created } = await payouts.request(request.user.id, request.params.uid, {
      currency: 'irt',
      bankCard: request.body.bankCardCreate,
    })
    return reply.code(created ? 201 : 200).send(transaction)
  })

  route(app, paymentCalls.transaction, async (request) => payouts.get(request.user.id, request.params.uid))

  route(app, paymentCalls.bankCards, async (request) => {
    const { cursor, size, sorts } = request.query
    return bankCards.list(request.user.id, {
      cursor,
      size,
      order: sorts?.[0]?.direction ?? 'desc',
    })
  })

  route(app, paymentCalls.exchangeRate, async (request) => exchangeRates.price(request.params.pair))
}
export default paymentRoutes
