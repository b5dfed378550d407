/** Invoices: the operators' queue, and confirming, rejecting or validating one. */
import { ErrorResponseSchema as e } from '../../common.ts'
import { defineEndpoint } from '../../endpoint.ts'
import { OptionalReasonBodySchema } from '../operators.ts'
import {
  InvoiceMoveParamsSchema,
  OpsInvoiceListQuerySchema,
  OpsInvoicePageSchema,
  OpsInvoiceSchema,
} from '../transactions.ts'
import { opsErrors } from './errors.ts'

const moveErrors = { ...opsErrors, 404: e, 409: e }

export const list = defineEndpoint({
  method: 'GET',
  path: '/ops/invoices',
  role: 'viewer',
  query: OpsInvoiceListQuerySchema,
  responses: { 200: OpsInvoicePageSchema, ...opsErrors },
})

/** Confirm, reject (a reason from named operators) or send back to validation. */
export const move = defineEndpoint({
  method: 'POST',
  path: '/ops/invoices/:uid/:move',
  role: 'operator',
  params: InvoiceMoveParamsSchema,
  body: OptionalReasonBodySchema,
  responses: { 200: OpsInvoiceSchema, ...moveErrors },
})
