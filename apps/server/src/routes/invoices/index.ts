/** Invoices of spec section 7: list, detail, the invoice's accounts, and creating one. */
import {
  ErrorResponseSchema,
  InvoiceAccountPageSchema,
  InvoiceDetailSchema,
  InvoiceListQuerySchema,
  InvoicePageSchema,
  InvoiceParamsSchema,
  PageQuerySchema,
  RequestInvoiceResponseSchema,
} from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { WithServices } from '../../services.ts'

const e = ErrorResponseSchema
const errors = { 400: e, 401: e }

const invoiceRoutes: FastifyPluginAsyncZod<WithServices<'invoices'>> = async (
  app,
  { services: { invoices } },
) => {
  app.addHook('preHandler', app.authenticate)

  app.get(
    '/invoices',
    { schema: { querystring: InvoiceListQuerySchema, response: { 200: InvoicePageSchema, ...errors } } },
    async (request) => invoices.list(request.user.id, request.query),
  )

  app.post(
    '/invoices/request-invoice',
    { schema: { response: { 201: RequestInvoiceResponseSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await invoices.request(request.user.id)),
  )

  app.get(
    '/invoices/:invoiceId',
    { schema: { params: InvoiceParamsSchema, response: { 200: InvoiceDetailSchema, 404: e, ...errors } } },
    async (request) => invoices.detail(request.user.id, request.params.invoiceId),
  )

  app.get(
    '/invoices/:invoiceId/accounts',
    {
      schema: {
        params: InvoiceParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: InvoiceAccountPageSchema, 404: e, ...errors },
      },
    },
    async (request) => invoices.accounts(request.user.id, request.params.invoiceId, request.query),
  )
}
export default invoiceRoutes
