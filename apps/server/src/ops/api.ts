/**
 * Operator HTTP API under /ops, for the CLI (and later the web console). PGlite is single-process,
 * so operator tools go through the running server instead of opening the data folder.
 * Every call needs `Authorization: Bearer <ops token>`.
 */
import { ErrorResponseSchema } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../db/client.ts'
import { unauthorized } from '../lib/domain-error.ts'
import { formatUsdt } from '../lib/money.ts'
import { listAccountsOfTelegramUser, overrideAccountStatus } from '../modules/accounts/service.ts'
import { createInvite } from '../modules/invites/service.ts'
import { changeOrder, createOrder, listOrders, type Order } from '../modules/orders/service.ts'
import { displaySettings, getSettings, setSetting } from '../modules/settings/service.ts'
import { isSettingKey } from '../modules/settings/settings-definitions.ts'
import { bearerToken } from '../plugins/authenticate.ts'
import { opsTokenMatches } from './ops-token.ts'
import { paymentsOpsApi } from './payments-api.ts'
import {
  AccountsQuerySchema,
  AccountUidParamsSchema,
  ChangeOrderBodySchema,
  CreateInviteBodySchema,
  CreateOrderBodySchema,
  InviteSchema,
  OpsAccountSchema,
  OpsAccountsSchema,
  OrderParamsSchema,
  OrderSchema,
  OrdersSchema,
  PutSettingBodySchema,
  SetAccountStatusBodySchema,
  SettingParamsSchema,
  SettingSchema,
  SettingsSchema,
  TelegramIdParamsSchema,
} from './schemas.ts'

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema }
const notFoundError = { 404: ErrorResponseSchema }

const showOrder = (order: Order) => ({ ...order, price: formatUsdt(order.price) })

export const opsApi: FastifyPluginAsyncZod<{ db: Db; opsToken: string; now: () => Date }> = async (
  app,
  { db, opsToken, now },
) => {
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request)
    if (token === undefined || !opsTokenMatches(token, opsToken))
      throw unauthorized('Operator token required')
  })

  app.post(
    '/invites',
    {
      schema: {
        body: CreateInviteBodySchema.nullish(),
        response: { 201: InviteSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ code: await createInvite(db, request.body?.code) }),
  )

  app.get('/settings', { schema: { response: { 200: SettingsSchema, ...errors } } }, async () =>
    displaySettings(await getSettings(db)),
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
      if (!isSettingKey(key)) throw new Error('unreachable: key validated by schema')
      const values = await setSetting(db, key, request.body.value)
      return { key, value: displaySettings(values)[key] }
    },
  )

  app.get('/orders', { schema: { response: { 200: OrdersSchema, ...errors } } }, async () =>
    (await listOrders(db)).map(showOrder),
  )

  app.post(
    '/orders',
    {
      schema: {
        body: CreateOrderBodySchema,
        response: { 201: OrderSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(showOrder(await createOrder(db, request.body))),
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
    async (request) => showOrder(await changeOrder(db, request.params.country, request.body)),
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
    async (request) => overrideAccountStatus(db, request.params.uid, request.body.status, now()),
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
    async (request) => listAccountsOfTelegramUser(db, request.params.telegramId, request.query.limit),
  )

  await app.register(paymentsOpsApi, { db, now })
}
