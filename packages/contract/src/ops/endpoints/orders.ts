/** Orders: per country, a price, a capacity and an open flag. */
import { ErrorResponseSchema as e } from '../../common.ts'
import { defineEndpoint } from '../../endpoint.ts'
import {
  ChangeOrderBodySchema,
  CreateOrderBodySchema,
  OrderParamsSchema,
  OrderSchema,
  OrdersSchema,
} from '../orders.ts'
import { opsErrors } from './errors.ts'

export const list = defineEndpoint({
  method: 'GET',
  path: '/ops/orders',
  role: 'viewer',
  responses: { 200: OrdersSchema, ...opsErrors },
})

export const create = defineEndpoint({
  method: 'POST',
  path: '/ops/orders',
  role: 'admin',
  body: CreateOrderBodySchema,
  responses: { 201: OrderSchema, 409: e, ...opsErrors },
})

export const change = defineEndpoint({
  method: 'PATCH',
  path: '/ops/orders/:country',
  role: 'admin',
  params: OrderParamsSchema,
  body: ChangeOrderBodySchema,
  responses: { 200: OrderSchema, 404: e, ...opsErrors },
})
