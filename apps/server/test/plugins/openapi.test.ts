import * as contract from '@app/contract'
import { defineEndpoint, type Endpoint } from '@app/contract'
import { OPS_ENDPOINTS } from '@app/contract/ops'
import Ajv2020 from 'ajv/dist/2020.js'
import Fastify, { type FastifySchema } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { route } from '#lib/route.ts'
import {
  isApiRoute,
  missingSchemas,
  OPENAPI_PATH,
  OPERATOR_SECURITY,
  openApiPlugin,
  USER_SECURITY,
} from '#plugins/openapi.ts'
import { useTestApp } from '../helpers/app.ts'

/*
 * Spec section 7's calls in OpenAPI path syntax, with the server's parameter names (the spec's
 * /invoices/{id} is /invoices/{invoiceId}; /locales/{lng}/{ns}.json is /locales/{lng}/{ns}, ns ending in .json).
 */
const SPEC_CALLS = [
  'GET /accounts',
  'GET /accounts/{accountUid}',
  'POST /auth/refresh',
  'POST /auth/telegram/authorize',
  'POST /auth/login',
  'POST /auth/register',
  'POST /auth/email-verification-request',
  'POST /auth/email-verification-confirm',
  'POST /auth/password-reset-request',
  'POST /auth/password-reset-confirm',
  'POST /telegram/submit-account-phone',
  'POST /telegram/submit-account-code',
  'POST /telegram/resend-code',
  'POST /telegram/submit-account',
  'POST /telegram/submit-account-password',
  'POST /telegram/submit-account-email',
  'POST /telegram/submit-account-email-code',
  'POST /telegram/auth/send-code',
  'POST /telegram/auth/setup-login-email',
  'POST /telegram/auth/verify-login-email',
  'POST /telegram/auth/resend-code',
  'POST /telegram/auth/signup',
  'GET /invoices',
  'GET /invoices/{invoiceId}',
  'GET /invoices/{invoiceId}/accounts',
  'POST /invoices/request-invoice',
  'POST /invoices/{uid}/request-payment',
  'POST /invoices/{uid}/request-payment-crypto',
  'POST /invoices/{uid}/request-payment-irt',
  'GET /bank-cards',
  'GET /exchanges/{pair}',
  'GET /transactions/{uid}',
  'GET /dashboard',
  'GET /dashboard/channel-status',
  'GET /locales/{lng}/{ns}',
  // Section 7's add-missing-translation call (development only).
  'POST /locales/add/{lng}/{ns}',
  'GET /referrals/stats',
  'POST /referral-links/refresh',
  'GET /referral-earnings/stats',
]

/** Spec section 7's calls the server does not serve yet (none since the email accounts, issue 10). */
const NOT_SERVED_YET: string[] = []

/** Every call the contract declares (the users' `*Calls` namespaces and OPS_ENDPOINTS), in OpenAPI path syntax. */
const DECLARED_CALLS = [
  ...Object.entries(contract)
    .filter(([name]) => name.endsWith('Calls'))
    .flatMap(([, group]) => Object.values(group as Record<string, Endpoint>)),
  ...OPS_ENDPOINTS,
].map((endpoint) => `${endpoint.method} ${endpoint.path.replace(/:(\w+)/g, '{$1}')}`)

/**
 * Who may call without a token, pinned here on purpose: a call that becomes public (or stops being) is a change to
 * look at twice, not only a line in its declaration.
 */
const PUBLIC_CALLS = [
  'GET /healthz',
  'GET /readyz',
  'GET /livez',
  // The console's login: no token or session exists before it (docs/console.md).
  'POST /ops/session',
  'POST /auth/telegram/authorize',
  // Email sign-in before there is a session (docs/email-auth.md).
  'POST /auth/login',
  'POST /auth/email-verification-request',
  'POST /auth/password-reset-request',
  'POST /auth/password-reset-confirm',
  'GET /locales/{lng}/{ns}',
  'POST /locales/add/{lng}/{ns}',
]

/** Calls that take the access token when there is one: the email binds to (and is proven by) that user. */
const OPTIONAL_TOKEN_CALLS = ['POST /auth/register', 'POST /auth/email-verification-confirm']

/** Statuses that answer without a body. */
const BODILESS_STATUSES = ['204', '304']

type Parameter = { in: string; name: string; required?: boolean; schema?: object }
type Operation = {
  tags?: string[]
  security?: Record<string, string[]>[]
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: object }> }
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: object }> }>
}
type Document = {
  openapi: string
  info: { title: string; version: string }
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, { type: string; scheme: string }> }
}

function operationsOf(document: Document): Map<string, Operation> {
  const operations = new Map<string, Operation>()
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.set(`${method.toUpperCase()} ${path}`, operation)
    }
  }
  return operations
}

describe('GET /openapi.json', () => {
  const t = useTestApp('pglite')
  const fetchDocument = async (accept = 'application/json') => {
    const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH, headers: { accept } })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    return response.json() as Document
  }

  it('is an OpenAPI 3.1 document with a bearer scheme for users and another for operators', async () => {
    const document = await fetchDocument()
    expect(document.openapi).toBe('3.1.0')
    expect(document.info.title).toBeTypeOf('string')
    expect(document.info.version).toMatch(/^v\d+\.\d+\.\d+$/)
    expect(document.components.securitySchemes[USER_SECURITY]).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    })
    expect(document.components.securitySchemes[OPERATOR_SECURITY]).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    })
  })

  it('a browser opening it gets the document, not the mini-app', async () => {
    const document = await fetchDocument('text/html,application/xhtml+xml,*/*;q=0.8')
    expect(document.openapi).toBe('3.1.0')
  })

  it('describes every call the contract declares, those of spec section 7 among them, and nothing else', async () => {
    const operations = [...operationsOf(await fetchDocument()).keys()]
    expect(operations.sort()).toEqual([...new Set(DECLARED_CALLS)].sort())
    expect(SPEC_CALLS.filter((call) => !operations.includes(call))).toEqual([])
    for (const call of NOT_SERVED_YET) expect(operations.includes(call), call).toBe(false)
  })

  it('every operation is well formed: parameters for its path, a body where it takes one, schemas per status', async () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false })
    const compiles = (schema: object | undefined, where: string) => {
      expect(schema, where).toBeTypeOf('object')
      expect(() => ajv.compile(schema ?? {}), where).not.toThrow()
    }
    for (const [call, operation] of operationsOf(await fetchDocument())) {
      const [method = '', path = ''] = call.split(' ')
      const pathParameters = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1])
      const parameters = operation.parameters ?? []
      expect(
        parameters.filter((p) => p.in === 'path').map((p) => p.name),
        call,
      ).toEqual(expect.arrayContaining(pathParameters))
      for (const parameter of parameters) {
        if (parameter.in === 'path') expect(parameter.required, `${call} ${parameter.name}`).toBe(true)
        compiles(parameter.schema, `${call} parameter ${parameter.name}`)
      }
      if (operation.requestBody) {
        compiles(operation.requestBody.content?.['application/json']?.schema, `${call} body`)
      } else {
        expect(
          // GET and DELETE carry no body by nature; the POSTs named here take none by design (`body: null`).
          method === 'GET' ||
            method === 'DELETE' ||
            /refresh|logout|request-invoice|resend-code|submit-account$|\{move\}|\/read$|\/close$/.test(path),
          call,
        ).toBe(true)
      }
      const responses = Object.entries(operation.responses ?? {})
      expect(
        responses.some(([status]) => status.startsWith('2')),
        `${call} has a 2xx answer`,
      ).toBe(true)
      for (const [status, response] of responses) {
        expect(response.description, `${call} ${status}`).toBeTypeOf('string')
        if (BODILESS_STATUSES.includes(status)) continue
        // JSON, but a CSV export's file (its errors stay JSON).
        const media =
          status !== '200'
            ? 'application/json'
            : /^GET \/ops\/exports\//.test(call)
              ? 'text/csv'
              : /^GET \/ops\/support\/photos\//.test(call)
                ? 'image/*'
                : 'application/json'
        expect(Object.keys(response.content ?? {}), `${call} answer ${status}`).toEqual([media])
        compiles(response.content?.[media]?.schema, `${call} answer ${status}`)
      }
    }
  })

  it('names the token each call needs: operators the operator token, users the access token', async () => {
    for (const [call, operation] of operationsOf(await fetchDocument())) {
      const path = call.split(' ')[1] ?? ''
      const expected = PUBLIC_CALLS.includes(call)
        ? []
        : OPTIONAL_TOKEN_CALLS.includes(call)
          ? [{ [USER_SECURITY]: [] }, {}]
          : [{ [path.startsWith('/ops/') ? OPERATOR_SECURITY : USER_SECURITY]: [] }]
      expect(operation.security, call).toEqual(expected)
      expect(operation.tags, call).toEqual([path.startsWith('/ops/') ? 'operators' : 'users'])
    }
  })

  it('the document agrees with the server: users calls without a token are refused, public ones are not', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard' })
    expect(response.statusCode).toBe(401)
    const ops = await t.app.inject({ method: 'GET', url: '/ops/ledger' })
    expect(ops.statusCode).toBe(401)
    const health = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(health.statusCode).toBe(200)
  })
})

describe('which routes are the API', () => {
  it('pages, files, the simulator, the sandbox and the document itself are not', () => {
    for (const url of [
      '/simulator',
      '/simulator/launch',
      '/sandbox/scenarios',
      '/assets/*',
      '/flags/:file',
      '/favicon.svg',
      '/openapi.json',
    ]) {
      expect(isApiRoute(url), url).toBe(false)
    }
    for (const url of [
      '/accounts',
      '/healthz',
      '/locales/:lng/:ns',
      '/ops/ledger',
      '/invoices/:uid/request-payment',
    ]) {
      expect(isApiRoute(url), url).toBe(true)
    }
  })
})

describe('a route not declared in the contract, or without schemas, is refused', () => {
  const ok = z.object({ ok: z.boolean() })
  /** A route as registered from a declaration (lib/route.ts carries it on the route's config). */
  const declared = (
    method: string,
    url: string,
    schema: FastifySchema | undefined,
    body: Endpoint['body'] = undefined,
  ) => ({
    method,
    url,
    schema,
    config: { endpoint: { method, path: url, body, responses: {} } as unknown as Endpoint },
  })

  it('names what is missing', () => {
    expect(missingSchemas({ method: 'GET', url: '/things', schema: { response: { 200: ok } } })).toEqual([
      'a contract endpoint (lib/route.ts)',
    ])
    expect(missingSchemas(declared('GET', '/things/:id', { response: { 200: ok } }))).toEqual(['params'])
    expect(missingSchemas(declared('POST', '/things', { response: { 201: ok } }))).toEqual(['body'])
    expect(missingSchemas(declared('GET', '/things', undefined))).toEqual(['a 2xx response'])
    expect(missingSchemas(declared('GET', '/things', { response: { 404: ok } }))).toEqual(['a 2xx response'])
    expect(missingSchemas(declared('GET', '/things', { response: { 200: { type: 'object' } } }))).toEqual([
      'response 200',
    ])
    // A call with no body by design says so: `body: null`.
    expect(missingSchemas(declared('POST', '/things', { response: { 200: ok } }, null))).toEqual([])
    expect(
      missingSchemas(
        declared('PUT', '/things/:id', {
          params: z.object({ id: z.string() }),
          body: ok,
          response: { 200: ok },
        }),
      ),
    ).toEqual([])
  })

  it('registering one fails, so the app never starts with it', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>()
    await app.register(openApiPlugin)
    expect(() =>
      app.get(
        '/things/:id',
        { schema: { params: z.object({ id: z.string() }), response: { 200: ok } } },
        async () => ({
          ok: true,
        }),
      ),
    ).toThrow('GET /things/:id lacks a schema for: a contract endpoint (lib/route.ts)')
    // Declared, but the declaration lacks what the type check would have caught (a cast let it through).
    const noParams = {
      method: 'GET',
      path: '/others/:id',
      auth: 'access',
      responses: { 200: ok },
    } as unknown as Endpoint
    expect(() => route(app, noParams, async () => ({ ok: true }))).toThrow(
      'GET /others/:id lacks a schema for: params',
    )
    const things = defineEndpoint({
      method: 'POST',
      path: '/things',
      auth: 'access',
      body: ok,
      responses: { 200: ok },
    })
    expect(() => route(app, things, async () => ({ ok: true }))).not.toThrow()
    // Not the API: no declaration needed.
    expect(() => app.get('/simulator/page', async () => 'page')).not.toThrow()
    await app.close()
  })
})
