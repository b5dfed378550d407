/**
 * The console's session (login with password and TOTP, who am I, logout, logout everywhere), operators (admin),
 * the audit log and the overview (docs/console.md).
 */
import { ErrorResponseSchema } from '@app/contract'
import {
  AuditPageSchema,
  AuditQuerySchema,
  ChangeOperatorBodySchema,
  CreateOperatorBodySchema,
  LoggedOutSchema,
  LoginBodySchema,
  NoBodySchema,
  OperatorApiTokenSchema,
  OperatorEnrolmentSchema,
  OperatorLoginParamsSchema,
  OperatorMeSchema,
  OperatorSchema,
  OperatorsSchema,
  OverviewSchema,
} from '@app/contract/ops'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { WithServices } from '../../services.ts'
import { clearSessionCookies, setSessionCookies } from './session-cookies.ts'

const e = ErrorResponseSchema
const errors = { 400: e, 401: e, 403: e }

export type OperatorRoutesOptions = WithServices<'operators' | 'audit'> & {
  secureCookies: boolean
  loginRateLimitMax: number
}

const operatorRoutes: FastifyPluginAsyncZod<OperatorRoutesOptions> = async (
  app,
  { services: { operators, audit }, secureCookies, loginRateLimitMax },
) => {
  app.post(
    '/session',
    {
      config: { rateLimit: { max: loginRateLimitMax, timeWindow: 60_000 } },
      schema: { body: LoginBodySchema, response: { 200: OperatorMeSchema, 429: e, ...errors } },
    },
    async (request, reply) => {
      const { token, actor } = await operators.login(request.body, { ip: request.ip })
      const me = operators.me(actor)
      setSessionCookies(reply, token, me.csrfToken ?? '', secureCookies)
      return me
    },
  )

  app.get('/session', { schema: { response: { 200: OperatorMeSchema, ...errors } } }, async (request) =>
    operators.me(request.operator),
  )

  app.delete(
    '/session',
    { schema: { response: { 200: LoggedOutSchema, ...errors } } },
    async (request, reply) => {
      const sessions = await operators.logout(request.operator)
      clearSessionCookies(reply, secureCookies)
      return { sessions }
    },
  )

  app.delete(
    '/sessions',
    { schema: { response: { 200: LoggedOutSchema, ...errors } } },
    async (request, reply) => {
      const sessions = await operators.logoutEverywhere(request.operator)
      clearSessionCookies(reply, secureCookies)
      return { sessions }
    },
  )

  app.get('/operators', { schema: { response: { 200: OperatorsSchema, ...errors } } }, async () =>
    operators.list(),
  )

  app.post(
    '/operators',
    {
      schema: {
        body: CreateOperatorBodySchema,
        response: { 201: OperatorEnrolmentSchema, 409: e, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await operators.create(request.operator, request.body)),
  )

  app.patch(
    '/operators/:login',
    {
      schema: {
        params: OperatorLoginParamsSchema,
        body: ChangeOperatorBodySchema,
        response: { 200: OperatorSchema, 404: e, 409: e, ...errors },
      },
    },
    async (request) => operators.change(request.operator, request.params.login, request.body),
  )

  app.post(
    '/operators/:login/token',
    {
      schema: {
        params: OperatorLoginParamsSchema,
        body: NoBodySchema,
        response: { 200: OperatorApiTokenSchema, 404: e, ...errors },
      },
    },
    async (request) => operators.issueApiToken(request.operator, request.params.login),
  )

  app.post(
    '/operators/:login/reset',
    {
      schema: {
        params: OperatorLoginParamsSchema,
        body: NoBodySchema,
        response: { 200: OperatorEnrolmentSchema, 404: e, ...errors },
      },
    },
    async (request) => operators.resetCredentials(request.operator, request.params.login),
  )

  app.get(
    '/audit',
    { schema: { querystring: AuditQuerySchema, response: { 200: AuditPageSchema, ...errors } } },
    async (request) => audit.list(request.query),
  )

  app.get('/overview', { schema: { response: { 200: OverviewSchema, ...errors } } }, async () =>
    operators.overview(),
  )
}

export default operatorRoutes
