import {
  ErrorResponseSchema,
  ReferralEarningsStatsSchema,
  ReferralStatsSchema,
  RefreshReferralLinkResponseSchema,
} from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { WithServices } from '../../services.ts'

const errors = { 401: ErrorResponseSchema }

const referralRoutes: FastifyPluginAsyncZod<WithServices<'referrals'>> = async (
  app,
  { services: { referrals } },
) => {
  app.addHook('preHandler', app.authenticate)

  app.get(
    '/referrals/stats',
    { schema: { response: { 200: ReferralStatsSchema, 403: ErrorResponseSchema, ...errors } } },
    async (request) => referrals.stats(request.user.id),
  )

  app.post(
    '/referral-links/refresh',
    { schema: { response: { 200: RefreshReferralLinkResponseSchema, 403: ErrorResponseSchema, ...errors } } },
    async (request) => referrals.refresh(request.user.id),
  )

  app.get(
    '/referral-earnings/stats',
    { schema: { response: { 200: ReferralEarningsStatsSchema, ...errors } } },
    async (request) => referrals.earningsStats(request.user.id),
  )
}
export default referralRoutes
