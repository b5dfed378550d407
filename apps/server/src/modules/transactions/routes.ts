/**
 * Payment requests and transactions of spec section 7: the three payment requests and the transaction detail. A
 * payment request answers 201 with the new transaction, or 200 with the open one when the same request arrives again.
 */
import { paymentRequestCalls } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'

const transactionRoutes: FastifyPluginAsyncZod<WithServices<'transactions'>> = async (
  app,
  { services: { transactions } },
) => {
  app.addHook('preHandler', app.authenticate)

  // The three payment requests differ only in their endpoint and what the body says; their answers are the same.
  route(app, paymentRequestCalls.requestTrx, async (request, reply) => {
    const { transaction, created } = await transactions.request(request.user.id, request.params.uid, {
      currency: 'trx',
      receiverAddress: request.body.receiverAddress,
    })
    return reply.code(created ? 201 : 200).send(transaction)
  })
  route(app, paymentRequestCalls.requestCrypto, async (request, reply) => {
    const { transaction, created } = await transactions.request(request.user.id, request.params.uid, {
      currency: 'usdt',
      receiverAddress: request.body.receiverAddress,
    })
    return reply.code(created ? 201 : 200).send(transaction)
  })
  route(app, paymentRequestCalls.requestIrt, async (request, reply) => {
    const { transaction, created } = await transactions.request(request.user.id, request.params.uid, {
      currency: 'irt',
      bankCard: request.body.bankCardCreate,
    })
    return reply.code(created ? 201 : 200).send(transaction)
  })

  route(app, paymentRequestCalls.transaction, async (request) =>
    transactions.get(request.user.id, request.params.uid),
  )
}
export default transactionRoutes
