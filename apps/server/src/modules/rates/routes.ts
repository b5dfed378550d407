/** The exchange rate a user sees before a payment request (spec section 7). */
import { exchangeRateCalls } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'

const rateRoutes: FastifyPluginAsyncZod<WithServices<'exchangeRates'>> = async (
  app,
  { services: { exchangeRates } },
) => {
  app.addHook('preHandler', app.authenticate)

  route(app, exchangeRateCalls.get, async (request) => exchangeRates.price(request.params.pair))
}
export default rateRoutes
