/**
 * Registers a route from its contract declaration (docs/architecture.md, 'Endpoints'): method, path and schemas
 * come from the endpoint, the handler is typed by them, and the endpoint rides on the route's config, where the
 * operators' access check and the OpenAPI document read who may make the call. Every API route is registered this
 * way: plugins/openapi.ts refuses one that is not.
 */
import type { Endpoint } from '@app/contract'
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's declaration of the call, set by `route`. */
    endpoint?: Endpoint
  }
}

type Of<E, K extends string> = E extends { [key in K]: infer S }
  ? S extends null
    ? undefined
    : S
  : undefined

/** The route schema the endpoint declares, in Fastify's terms. */
export type SchemaOf<E extends Endpoint> = {
  params: Of<E, 'params'>
  querystring: Of<E, 'query'>
  body: Of<E, 'body'>
  response: E['responses']
}

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>

export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider
>

/** What a route adds to its declaration: rate-limit config, hooks, a body limit. */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema'>

export function route<E extends Endpoint>(app: ZodApp, endpoint: E, handler: EndpointHandler<E>): void
export function route<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  extras: RouteExtras,
  handler: EndpointHandler<E>,
): void
export function route<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  ...rest: [EndpointHandler<E>] | [RouteExtras, EndpointHandler<E>]
): void {
  const [extras, handler] = rest.length === 1 ? [{}, rest[0]] : rest
  // A plugin registered under a prefix declares the rest of the path.
  if (!endpoint.path.startsWith(app.prefix))
    throw new Error(`${endpoint.method} ${endpoint.path} registered under ${app.prefix}`)
  const { params, query, body, responses } = endpoint
  app.route({
    ...extras,
    method: endpoint.method,
    url: endpoint.path.slice(app.prefix.length),
    schema: {
      ...(params === undefined ? {} : { params }),
      ...(query === undefined ? {} : { querystring: query }),
      ...(body === undefined || body === null ? {} : { body }),
      response: responses,
    },
    config: { ...extras.config, endpoint },
    handler: handler as RouteHandlerMethod,
  })
}
