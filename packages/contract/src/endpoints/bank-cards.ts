/** Saved bank cards of spec section 7, for the toman payment request's form. */
import { ErrorResponseSchema as e } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import { BankCardListQuerySchema, BankCardPageSchema } from '../invoices.ts'

const errors = { 400: e, 401: e }

export const list = defineEndpoint({
  method: 'GET',
  path: '/bank-cards',
  auth: 'access',
  query: BankCardListQuerySchema,
  responses: { 200: BankCardPageSchema, ...errors },
})
