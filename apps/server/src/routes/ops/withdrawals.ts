/** Operator API for withdrawals: confirming invoices, moving and approving payouts, exchange rates, the ledger. */
import type { ExchangePair } from '@app/contract'
import { opsWithdrawalCalls as calls } from '@app/contract/ops'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '../../lib/route.ts'
import { requireReason } from '../../modules/audit/reason.ts'
import { payoutMoveOf } from '../../modules/withdrawals/status-rules.ts'
import type { WithServices } from '../../services.ts'

const withdrawalsOpsRoutes: FastifyPluginAsyncZod<
  WithServices<'invoices' | 'payouts' | 'exchangeRates' | 'ledger' | 'audit'>
> = async (app, { services: { invoices, payouts, exchangeRates, ledger, audit } }) => {
  route(app, calls.invoices, async (request) => invoices.listForOperators(request.query))

  route(app, calls.moveInvoice, async (request) => {
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

  route(app, calls.payouts, async (request) => payouts.listForOperators(request.query))

  // The payout service decides whether the move may happen, four eyes included (modules/withdrawals/four-eyes.ts).
  route(app, calls.movePayout, async (request) => {
    const { uid, move } = request.params
    const given = request.body?.reason
    const payout = payoutMoveOf(move, request.body)
    // A TRX or USDT success is read on its chain first, outside the audited transaction (no lock while it answers).
    const chainWord = await payouts.checkOnChain(uid, payout, request.operator)
    return audit.record(
      request.operator,
      {
        action: `transaction.${move}`,
        objectType: 'transaction',
        objectId: uid,
        reason:
          move === 'fail' || move === 'review' ? requireReason(request.operator, given) : (given ?? null),
        before: (s) => s.payouts.snapshot(uid),
      },
      (s) => s.payouts.move(uid, payout, request.operator, chainWord),
    )
  })

  route(app, calls.approvePayout, async (request) => {
    const { uid } = request.params
    return audit.record(
      request.operator,
      {
        action: 'transaction.approve',
        objectType: 'transaction',
        objectId: uid,
        before: (s) => s.payouts.approvalState(uid),
      },
      (s) => s.payouts.approve(request.operator, uid),
    )
  })

  /** A change of the pair's rate, audited with the rate in force and the change waiting before it. */
  const rateChange = (action: string, pair: ExchangePair) => ({
    action,
    objectType: 'rate',
    objectId: pair,
    before: (s: { exchangeRates: typeof exchangeRates }) => s.exchangeRates.snapshot(pair),
  })

  // Bounds and four eyes beyond the step are the rate service's (modules/rates/service.ts).
  route(app, calls.setRate, async (request) => {
    const { pair } = request.params
    return audit.record(request.operator, rateChange('rate.set', pair), (s) =>
      s.exchangeRates.set(pair, String(request.body.price), request.operator),
    )
  })

  route(app, calls.pendingRates, async () => exchangeRates.pending())

  route(app, calls.approveRate, async (request) => {
    const { pair } = request.params
    return audit.record(request.operator, rateChange('rate.approve', pair), (s) =>
      s.exchangeRates.approve(pair, String(request.body.price), request.operator),
    )
  })

  route(app, calls.cancelRate, async (request) => {
    const { pair } = request.params
    return audit.record(request.operator, rateChange('rate.cancel', pair), (s) =>
      s.exchangeRates.cancel(pair),
    )
  })

  route(app, calls.rates, async (request) => exchangeRates.history(request.params.pair, request.query.limit))

  route(app, calls.ledger, async () => ledger.report())
}
export default withdrawalsOpsRoutes
