/**
 * Operator HTTP API under /ops, for the CLI (and later the web console). PGlite is single-process,
 * so operator tools go through the running server instead of opening the data folder.
 * Every call needs `Authorization: Bearer <ops token>`.
 */
import { ErrorResponseSchema } from '@app/contract'
import {
  AccountsQuerySchema,
  AccountUidParamsSchema,
  ChangeOrderBodySchema,
  CreateInviteBodySchema,
  CreateOrderBodySchema,
  InviteSchema,
  OpsAccountSchema,
  OpsAccountsSchema,
  OpsUserSchema,
  OrderParamsSchema,
  OrderSchema,
  OrdersSchema,
  PutSettingBodySchema,
  SetAccountStatusBodySchema,
  SettingParamsSchema,
  SettingSchema,
  SettingsSchema,
  SetUserFlagsBodySchema,
  TelegramIdParamsSchema,
} from '@app/contract/ops'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import { formatUsdt } from '../../lib/money.ts'
import type { Order } from '../../modules/orders/service.ts'
import { bearerToken } from '../../plugins/authenticate.ts'
import type { WithServices } from '../../services.ts'
import newsOpsRoutes from './news.ts'
import withdrawalsOpsRoutes from './withdrawals.ts'

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema }
const notFoundError = { 404: ErrorResponseSchema }

const showOrder = (order: Order) => ({ ...order, price: formatUsdt(order.price) })

const opsRoutes: FastifyPluginAsyncZod<
  WithServices<
    | 'operatorAuth'
    | 'invites'
    | 'settings'
    | 'orders'
    | 'accounts'
    | 'invoices'
    | 'payouts'
    | 'exchangeRates'
    | 'ledger'
    | 'users'
    | 'news'
  >
> = async (app, { services }) => {
  const { invites, settings, orders, accounts, users } = services
  app.addHook('onRequest', async (request) => services.operatorAuth.authenticate(bearerToken(request)))

  app.post(
    '/invites',
    {
      schema: {
        body: z.nullish(CreateInviteBodySchema),
        response: { 201: InviteSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ code: await invites.create(request.body?.code) }),
  )

  app.get('/settings', { schema: { response: { 200: SettingsSchema, ...errors } } }, async () =>
    settings.display(),
  )

  app.put(
    '/settings/:key',
    {
      schema: {
        params: SettingParamsSchema,
        body: PutSettingBodySchema,
        response: { 200: SettingSchema, ...errors },
      },
    },
    async (request) => {
      const { key } = request.params
      return settings.set(key, request.body.value)
    },
  )

  app.get('/orders', { schema: { response: { 200: OrdersSchema, ...errors } } }, async () =>
    (await orders.list()).map(showOrder),
  )

  app.post(
    '/orders',
    {
      schema: {
        body: CreateOrderBodySchema,
        response: { 201: OrderSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(showOrder(await orders.create(request.body))),
  )

  app.patch(
    '/orders/:country',
    {
      schema: {
        params: OrderParamsSchema,
        body: ChangeOrderBodySchema,
        response: { 200: OrderSchema, ...notFoundError, ...errors },
      },
    },
    async (request) => showOrder(await orders.change(request.params.country, request.body)),
  )

  app.put(
    '/accounts/:uid/status',
    {
      schema: {
        params: AccountUidParamsSchema,
        body: SetAccountStatusBodySchema,
        response: { 200: OpsAccountSchema, ...notFoundError, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => accounts.overrideStatus(request.params.uid, request.body.status),
  )

  app.get(
    '/users/:telegramId/accounts',
    {
      schema: {
        params: TelegramIdParamsSchema,
        querystring: AccountsQuerySchema,
        response: { 200: OpsAccountsSchema, ...notFoundError, ...errors },
      },
    },
    async (request) => accounts.listOfTelegramUser(request.params.telegramId, request.query.limit),
  )

  app.get(
    '/users/:telegramId',
    {
      schema: {
        params: TelegramIdParamsSchema,
        response: { 200: OpsUserSchema, ...notFoundError, ...errors },
      },
    },
    async (request) => users.show(request.params.telegramId),
  )

  app.patch(
    '/users/:telegramId',
    {
      schema: {
        params: TelegramIdParamsSchema,
        body: SetUserFlagsBodySchema,
        response: { 200: OpsUserSchema, ...notFoundError, ...errors },
      },
    },
    async (request) => users.setFlags(request.params.telegramId, request.body),
  )

  await app.register(withdrawalsOpsRoutes, { services })
  await app.register(newsOpsRoutes, { services })
}
export default opsRoutes
