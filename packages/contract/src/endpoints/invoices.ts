/** Invoices of spec section 7: list, detail, the invoice's accounts, and creating one. */
import { ErrorResponseSchema as e, PageQuerySchema } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import {
  InvoiceAccountPageSchema,
  InvoiceDetailSchema,
  InvoiceListQuerySchema,
  InvoicePageSchema,
  InvoiceParamsSchema,
  RequestInvoiceResponseSchema,
} from '../invoices.ts'

const errors = { 400: e, 401: e }

export const list = defineEndpoint({
  method: 'GET',
  path: '/invoices',
  auth: 'access',
  query: InvoiceListQuerySchema,
  responses: { 200: InvoicePageSchema, ...errors },
})

/** No body: every accepted account not yet on an invoice goes on the new one. */
export const request = defineEndpoint({
  method: 'POST',
  path: '/invoices/request-invoice',
  auth: 'access',
  body: null,
  responses: { 201: RequestInvoiceResponseSchema, ...errors },
})

export const get = defineEndpoint({
  method: 'GET',
  path: '/invoices/:invoiceId',
  auth: 'access',
  params: InvoiceParamsSchema,
  responses: { 200: InvoiceDetailSchema, 404: e, ...errors },
})

export const accounts = defineEndpoint({
  method: 'GET',
  path: '/invoices/:invoiceId/accounts',
  auth: 'access',
  params: InvoiceParamsSchema,
  query: PageQuerySchema,
  responses: { 200: InvoiceAccountPageSchema, 404: e, ...errors },
})
