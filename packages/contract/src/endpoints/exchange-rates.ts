/** The exchange rate of spec section 7, shown before a TRX or toman payment request. */
import { ErrorResponseSchema as e } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import { ExchangeParamsSchema, ExchangePriceSchema } from '../invoices.ts'

const errors = { 400: e, 401: e }

export const get = defineEndpoint({
  method: 'GET',
  path: '/exchanges/:pair',
  auth: 'access',
  params: ExchangeParamsSchema,
  responses: { 200: ExchangePriceSchema, 404: e, 409: e, ...errors },
})
