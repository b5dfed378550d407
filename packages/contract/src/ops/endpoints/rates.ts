/** Exchange rates: setting one, the changes waiting for four eyes, and the history. */
import { ErrorResponseSchema as e } from '../../common.ts'
import { defineEndpoint } from '../../endpoint.ts'
import { LimitQuerySchema } from '../limit.ts'
import {
  PendingRatesSchema,
  PutRateBodySchema,
  RateParamsSchema,
  RateSchema,
  RatesSchema,
} from '../transactions.ts'
import { opsErrors } from './errors.ts'

/**
 * A new rate, within the pair's bounds (400 otherwise). Within the step of the rate in force it applies at once;
 * beyond it a named admin's change waits for another admin's approval (the answer's `pending`), and the bootstrap
 * token's is refused (409). docs/transactions.md, 'Exchange rates'.
 */
export const set = defineEndpoint({
  method: 'PUT',
  path: '/ops/rates/:pair',
  role: 'admin',
  params: RateParamsSchema,
  body: PutRateBodySchema,
  responses: { 200: RateSchema, ...opsErrors, 409: e },
})

/** Rate changes waiting for a second admin's approval. */
export const pending = defineEndpoint({
  method: 'GET',
  path: '/ops/rates/pending',
  role: 'viewer',
  responses: { 200: PendingRatesSchema, ...opsErrors },
})

/** A named admin other than the proposer applies the waiting change, naming its price. */
export const approve = defineEndpoint({
  method: 'POST',
  path: '/ops/rates/:pair/approve',
  role: 'admin',
  params: RateParamsSchema,
  body: PutRateBodySchema,
  responses: { 200: RateSchema, ...opsErrors, 409: e },
})

/** Withdraws the waiting change; the rate in force stays. */
export const cancel = defineEndpoint({
  method: 'DELETE',
  path: '/ops/rates/:pair/pending',
  role: 'admin',
  params: RateParamsSchema,
  responses: { 200: RateSchema, ...opsErrors, 404: e, 409: e },
})

/** The pair's rates, newest first. */
export const history = defineEndpoint({
  method: 'GET',
  path: '/ops/rates/:pair',
  role: 'viewer',
  params: RateParamsSchema,
  query: LimitQuerySchema,
  responses: { 200: RatesSchema, ...opsErrors },
})
