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
import type { Db } from '../../db/client.ts'
import type { CursorCodec } from '../../lib/cursor.ts'
import {
  getInvoiceDetail,
  listInvoiceAccounts,
  listInvoices,
  requestInvoice,
} from '../../modules/invoices/service.ts'

const e = ErrorResponseSchema
const errors = { 400: e, 401: e }

const invoiceRoutes: FastifyPluginAsyncZod<{ db: Db; cursors: CursorCodec; now: () => Date }> = async (
  app,
  { db, cursors, now },
) => {
  app.addHook('preHandler', app.authenticate)

  app.get(
    '/invoices',
    { schema: { querystring: InvoiceListQuerySchema, response: { 200: InvoicePageSchema, ...errors } } },
    async (request) => listInvoices(db, cursors, request.user.id, request.query),
  )

  app.post(
    '/invoices/request-invoice',
    { schema: { response: { 201: RequestInvoiceResponseSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await requestInvoice(db, request.user.id, now())),
  )

  app.get(
    '/invoices/:invoiceId',
    { schema: { params: InvoiceParamsSchema, response: { 200: InvoiceDetailSchema, 404: e, ...errors } } },
    async (request) => getInvoiceDetail(db, request.user.id, request.params.invoiceId),
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
    async (request) =>
      listInvoiceAccounts(db, cursors, request.user.id, request.params.invoiceId, request.query),
  )
}
export default invoiceRoutes
