/**
 * The console's session (login with password and TOTP, who am I, logout, logout everywhere), operators, the audit
 * log and the overview (docs/console.md).
 */
import { ErrorResponseSchema as e } from '../../common.ts'
import { defineEndpoint } from '../../endpoint.ts'
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
  TrendsSchema,
} from '../operators.ts'
import { opsErrors } from './errors.ts'

/** The one call made before there is a token or session. */
export const login = defineEndpoint({
  method: 'POST',
  path: '/ops/session',
  role: 'public',
  body: LoginBodySchema,
  responses: { 200: OperatorMeSchema, 429: e, ...opsErrors },
})

export const me = defineEndpoint({
  method: 'GET',
  path: '/ops/session',
  role: 'viewer',
  responses: { 200: OperatorMeSchema, ...opsErrors },
})

export const logout = defineEndpoint({
  method: 'DELETE',
  path: '/ops/session',
  role: 'viewer',
  responses: { 200: LoggedOutSchema, ...opsErrors },
})

/** Every console session of the caller, this one included. */
export const logoutEverywhere = defineEndpoint({
  method: 'DELETE',
  path: '/ops/sessions',
  role: 'viewer',
  responses: { 200: LoggedOutSchema, ...opsErrors },
})

export const list = defineEndpoint({
  method: 'GET',
  path: '/ops/operators',
  role: 'admin',
  responses: { 200: OperatorsSchema, ...opsErrors },
})

/** Answers the initial password and TOTP enrolment, once. */
export const create = defineEndpoint({
  method: 'POST',
  path: '/ops/operators',
  role: 'admin',
  body: CreateOperatorBodySchema,
  responses: { 201: OperatorEnrolmentSchema, 409: e, ...opsErrors },
})

export const change = defineEndpoint({
  method: 'PATCH',
  path: '/ops/operators/:login',
  role: 'admin',
  params: OperatorLoginParamsSchema,
  body: ChangeOperatorBodySchema,
  responses: { 200: OperatorSchema, 404: e, 409: e, ...opsErrors },
})

/** A personal API token for the CLI, shown once. */
export const issueToken = defineEndpoint({
  method: 'POST',
  path: '/ops/operators/:login/token',
  role: 'admin',
  params: OperatorLoginParamsSchema,
  body: NoBodySchema,
  responses: { 200: OperatorApiTokenSchema, 404: e, ...opsErrors },
})

/** A new password and TOTP secret (a lost phone). */
export const resetCredentials = defineEndpoint({
  method: 'POST',
  path: '/ops/operators/:login/reset',
  role: 'admin',
  params: OperatorLoginParamsSchema,
  body: NoBodySchema,
  responses: { 200: OperatorEnrolmentSchema, 404: e, ...opsErrors },
})

export const audit = defineEndpoint({
  method: 'GET',
  path: '/ops/audit',
  role: 'viewer',
  query: AuditQuerySchema,
  responses: { 200: AuditPageSchema, ...opsErrors },
})

export const overview = defineEndpoint({
  method: 'GET',
  path: '/ops/overview',
  role: 'viewer',
  responses: { 200: OverviewSchema, ...opsErrors },
})

/** The overview's 30 days: per day accounts submitted, accepted, rejected by reason, payouts, the owed balance. */
export const trends = defineEndpoint({
  method: 'GET',
  path: '/ops/overview/trends',
  role: 'viewer',
  responses: { 200: TrendsSchema, ...opsErrors },
})
