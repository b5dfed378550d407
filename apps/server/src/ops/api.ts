/**
 * Operator HTTP API under /ops, for the CLI (and later the web console). PGlite is single-process,
 * so operator tools go through the running server instead of opening the data folder.
 * Every call needs `Authorization: Bearer <ops token>`.
 */
import { ErrorResponseSchema } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../db/client.ts'
import { unauthorized } from '../lib/domain-error.ts'
import { createInvite } from '../modules/invites/service.ts'
import { displaySettings, getSettings, setSetting } from '../modules/settings/service.ts'
import { isSettingKey } from '../modules/settings/settings-definitions.ts'
import { bearerToken } from '../plugins/authenticate.ts'
import { opsTokenMatches } from './ops-token.ts'
import {
  CreateInviteBodySchema,
  InviteSchema,
  PutSettingBodySchema,
  SettingParamsSchema,
  SettingSchema,
  SettingsSchema,
} from './schemas.ts'

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema }

export const opsApi: FastifyPluginAsyncZod<{ db: Db; opsToken: string }> = async (app, { db, opsToken }) => {
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
}
