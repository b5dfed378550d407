/** Operator API for exchange rates: set, the changes waiting for four eyes, and the history. */
import type { ExchangePair } from '@app/contract'
import { opsRateCalls as calls } from '@app/contract/ops'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'

const rateOpsRoutes: FastifyPluginAsyncZod<WithServices<'exchangeRates' | 'audit'>> = async (
  app,
  { services: { exchangeRates, audit } },
) => {
  /** A change of the pair's rate, audited with the rate in force and the change waiting before it. */
  const rateChange = (action: string, pair: ExchangePair) => ({
    action,
    objectType: 'rate',
    objectId: pair,
    before: (s: { exchangeRates: typeof exchangeRates }) => s.exchangeRates.snapshot(pair),
  })

  // Bounds and four eyes beyond the step are the rate service's (modules/rates/service.ts).
  route(app, calls.set, async (request) => {
    const { pair } = request.params
    return audit.record(request.operator, rateChange('rate.set', pair), (s) =>
      s.exchangeRates.set(pair, String(request.body.price), request.operator),
    )
  })

  route(app, calls.pending, async () => exchangeRates.pending())

  route(app, calls.approve, async (request) => {
    const { pair } = request.params
    return audit.record(request.operator, rateChange('rate.approve', pair), (s) =>
      s.exchangeRates.approve(pair, String(request.body.price), request.operator),
    )
  })

  route(app, calls.cancel, async (request) => {
    const { pair } = request.params
    return audit.record(request.operator, rateChange('rate.cancel', pair), (s) =>
      s.exchangeRates.cancel(pair),
    )
  })

  route(app, calls.history, async (request) =>
    exchangeRates.history(request.params.pair, request.query.limit),
  )
}
export default rateOpsRoutes
