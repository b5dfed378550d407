/** The referral screen's calls (spec section 7; docs/referrals.md). */
import { ErrorResponseSchema as e } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import {
  ReferralEarningsStatsSchema,
  ReferralStatsSchema,
  RefreshReferralLinkResponseSchema,
} from '../referrals.ts'

export const stats = defineEndpoint({
  method: 'GET',
  path: '/referrals/stats',
  auth: 'access',
  responses: { 200: ReferralStatsSchema, 403: e, 401: e },
})

/** No body: a new code replaces the link's. */
export const refreshLink = defineEndpoint({
  method: 'POST',
  path: '/referral-links/refresh',
  auth: 'access',
  body: null,
  responses: { 200: RefreshReferralLinkResponseSchema, 403: e, 401: e },
})

export const earningsStats = defineEndpoint({
  method: 'GET',
  path: '/referral-earnings/stats',
  auth: 'access',
  responses: { 200: ReferralEarningsStatsSchema, 401: e },
})
