/**
 * The OpenAPI document of the API, generated from the contract's schemas that every route declares
 * (fastify-type-provider-zod turns them into JSON Schema), served at GET /openapi.json for the console and
 * anyone integrating. Users' calls carry the access token as a bearer token; the operator calls (/ops/*)
 * carry the operator token, a separate scheme. Pages, files, the simulator and the sandbox are not the API
 * and stay out of the document.
 *
 * Every API route is registered from its contract declaration (lib/route.ts), which says who may make it (the
 * document's security) and declares its schemas: params when its URL has any, a body when its method carries one
 * (unless the call has none by design, `body: null`), and a response schema per status with at least one 2xx. A
 * route that does not is refused when it is registered, so the app does not start and every test fails.
 *
 * Registered before any route: @fastify/swagger and the check above learn routes from onRoute hooks.
 */
import { APP_VERSION, type Endpoint, ErrorResponseSchema } from '@app/contract'
import fastifySwagger from '@fastify/swagger'
import type { RouteOptions } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { $ZodType } from 'zod/v4/core'
import { globalPlugin } from './global-plugin.ts'

export const OPENAPI_PATH = '/openapi.json'

/** Routes that are not the API (fastify URL syntax): the document, the simulator, the sandbox, files. */
const NOT_API: readonly RegExp[] = [
  /^\/openapi\.json$/,
  /^\/simulator(\/|$)/,
  /^\/sandbox\//,
  // Telegram's call to the bot (docs/bot.md), under its own secret header.
  /^\/bot\/webhook$/,
  /^\/assets\//,
  // The operator console's pages and files (plugins/console-app.ts).
  /^\/console(\/|$)/,
  /^\/flags\//,
  // Top-level files of the mini-app's build (icons, manifest): a name with an extension at the root.
  /^\/[^/:*]+\.[A-Za-z0-9]+$/,
]

export const USER_SECURITY = 'bearerAuth'
export const OPERATOR_SECURITY = 'operatorToken'

/**
 * Answers any call may get whatever its handler does, from the framework and the plugins around it, in the
 * error shape: a malformed URL or JSON body (400), a body over the limit (413) or not JSON (415), the rate limit
 * (429), and a path parameter over the router's length (414) where the URL has any. Added to the declared answers
 * of every route that declares them with zod (unless it declares its own), so the document says so.
 */
function frameworkAnswers(url: string): Record<number, typeof ErrorResponseSchema> {
  const answers: Record<number, typeof ErrorResponseSchema> = {
    400: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    429: ErrorResponseSchema,
  }
  if (/[:*]/.test(url)) answers[414] = ErrorResponseSchema
  return answers
}

export function isApiRoute(url: string): boolean {
  return !NOT_API.some((pattern) => pattern.test(url))
}

/** The token the call needs, as its declaration says: none, the operator's, the user's, or the user's if any. */
function securityOf(endpoint: Endpoint): Array<Record<string, string[]>> {
  if (endpoint.role !== undefined) return endpoint.role === 'public' ? [] : [{ [OPERATOR_SECURITY]: [] }]
  if (endpoint.auth === 'none') return []
  if (endpoint.auth === 'optional') return [{ [USER_SECURITY]: [] }, {}]
  return [{ [USER_SECURITY]: [] }]
}

type DeclaredRoute = Pick<RouteOptions, 'method' | 'url' | 'schema'> & { config?: { endpoint?: Endpoint } }

/** What an API route fails to declare; empty when it declares everything. */
export function missingSchemas(route: DeclaredRoute): string[] {
  const endpoint = route.config?.endpoint
  if (endpoint === undefined) return ['a contract endpoint (lib/route.ts)']
  const method = String(route.method).toUpperCase()
  const schema = route.schema ?? {}
  const missing: string[] = []
  if (/[:*]/.test(route.url) && !(schema.params instanceof $ZodType)) missing.push('params')
  const carriesBody = ['POST', 'PUT', 'PATCH'].includes(method) && endpoint.body !== null
  if (carriesBody && schema.body === undefined) missing.push('body')
  const responses = Object.entries((schema.response ?? {}) as Record<string, unknown>)
  if (!responses.some(([status]) => status.startsWith('2'))) missing.push('a 2xx response')
  for (const [status, response] of responses) {
    if (!(response instanceof $ZodType)) missing.push(`response ${status}`)
  }
  return missing
}

/** A call whose success is not JSON (a CSV export): its 2xx answers in that media type, its errors still JSON. */
function withMediaType(response: unknown, mediaType: string): unknown {
  const answers = { ...(response as Record<string, unknown>) }
  for (const status of Object.keys(answers))
    if (status.startsWith('2')) answers[status] = { content: { [mediaType]: { schema: answers[status] } } }
  return answers
}

export const openApiPlugin = globalPlugin('openapi', async (app) => {
  app.addHook('onRoute', (route) => {
    const method = String(route.method).toUpperCase()
    // Any route that declares its answers with the contract (the API, and the bot's webhook beside it).
    const declared = route.schema?.response as Record<string, unknown> | undefined
    if (route.schema && declared && Object.values(declared).some((schema) => schema instanceof $ZodType)) {
      route.schema.response = { ...frameworkAnswers(route.url), ...declared }
    }
    if (method === 'HEAD' || method === 'OPTIONS' || !isApiRoute(route.url)) return
    const missing = missingSchemas(route)
    if (missing.length > 0) {
      throw new Error(`${method} ${route.url} lacks a schema for: ${missing.join(', ')} (plugins/openapi.ts)`)
    }
  })

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Account Supply API',
        version: APP_VERSION,
        description:
          "The mini-app's calls (spec section 7) and the operator API (/ops/*). Errors are " +
          '{ statusCode, code, message, details? }; money is in USDT with 2 decimals; times are epoch seconds.',
      },
      components: {
        securitySchemes: {
          [USER_SECURITY]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The access token from POST /auth/telegram/authorize (POST /auth/refresh takes the refresh token)',
          },
          [OPERATOR_SECURITY]: {
            type: 'http',
            scheme: 'bearer',
            description:
              "The operator token (OPS_TOKEN, or DATA_DIR/ops-token written at the server's start)",
          },
        },
      },
      tags: [
        { name: 'users', description: "The mini-app's calls" },
        { name: 'operators', description: 'The operator API' },
      ],
    },
    transform: (route) => {
      if (!isApiRoute(route.url)) return { schema: { hide: true }, url: route.url }
      const { schema, url } = jsonSchemaTransform(route)
      const endpoint = route.route.config?.endpoint
      return {
        url,
        schema: {
          ...schema,
          tags: [endpoint?.role === undefined ? 'users' : 'operators'],
          ...(endpoint === undefined ? {} : { security: securityOf(endpoint) }),
          ...(endpoint?.produces === undefined
            ? {}
            : { response: withMediaType(schema.response, endpoint.produces) }),
        },
      }
    },
    transformObject: jsonSchemaTransformObject,
  })

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger())
})
