/**
 * One declaration per call (docs/architecture.md, 'Endpoints'): method, path, the schemas of its parameters, query
 * and body, its answers per status, and who may make it. The server registers its routes from these and derives
 * the operators' role table and the OpenAPI document from them; the mini-app, the console and the CLI build their
 * requests and parse the answers with them. Plain data: each client keeps its own transport.
 *
 * This module is on the mini-app's first screen: keep it to types and two small functions, and import no zod
 * value (read-answer.ts reads answers).
 */
import type { $ZodType, input, output } from 'zod/v4/core'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * The token a user's call needs: the access token, none, either (the call does more with one: registering an email
 * binds it to the signed-in user), or the refresh token in its place.
 */
export type UserAuth = 'access' | 'none' | 'optional' | 'refresh'

/** The least operator role an /ops call needs (roles rank viewer < operator < admin), or `public` (the login). */
export type OpsAccess = 'viewer' | 'operator' | 'admin' | 'public'

export type Endpoint = {
  readonly method: HttpMethod
  /** Fastify's syntax: `/invoices/:invoiceId`. */
  readonly path: string
  readonly params?: $ZodType
  readonly query?: $ZodType
  /** `null`: the call takes no body by design (spec section 7's bodiless POSTs). */
  readonly body?: $ZodType | null
  /** Every answer the call gives, by status, at least one 2xx; the framework's own (400, 413...) are added by the server. */
  readonly responses: { readonly [status: number]: $ZodType }
  /** User calls: the token they need. */
  readonly auth?: UserAuth
  /** /ops calls: the least role. */
  readonly role?: OpsAccess
  /** The 2xx answer's media type when it is not JSON (a CSV export, a photo): the client reads it as text or bytes. */
  readonly produces?: 'text/csv' | 'image/*'
}

type Success = 200 | 201 | 202 | 203 | 204

/**
 * What a declaration must say, checked as it is written: a role under /ops (a token otherwise), params for a path
 * with any, a body (or null) to POST, PUT or PATCH, and a 2xx answer.
 */
type Declared<E> = (E extends { path: `/ops/${string}` } ? { role: OpsAccess } : { auth: UserAuth }) &
  (E extends { path: `${string}:${string}` } ? { params: $ZodType } : unknown) &
  (E extends { method: 'POST' | 'PUT' | 'PATCH' } ? { body: $ZodType | null } : unknown) &
  (E extends { responses: infer R }
    ? Extract<keyof R, Success> extends never
      ? { responses: { 200: $ZodType } }
      : unknown
    : unknown)

/** Declares a call; returns it as written (its literal types drive the server's handler and the clients). */
/*#__NO_SIDE_EFFECTS__*/
export function defineEndpoint<const E extends Endpoint>(endpoint: E & Declared<E>): E {
  return endpoint
}

type Part<E, K extends 'params' | 'query' | 'body', Name extends string = K> = E extends {
  [key in K]: infer S extends $ZodType
}
  ? undefined extends input<S>
    ? { [key in Name]?: input<S> }
    : { [key in Name]: input<S> }
  : unknown

/** What a client gives a call: its path parameters, query and body, as the schemas take them. */
export type CallInput<E extends Endpoint> = Part<E, 'params'> & Part<E, 'query'> & Part<E, 'body'>

/** A client's `call` arguments after the endpoint: its input (optional when nothing in it is required), then options. */
export type CallArgs<E extends Endpoint, Options> =
  // biome-ignore lint/complexity/noBannedTypes: "nothing in it is required" is exactly `{} extends`
  {} extends CallInput<E>
    ? [input?: CallInput<E>, options?: Options]
    : [input: CallInput<E>, options?: Options]

/** What a call answers when it succeeds: the union of its 2xx schemas' outputs. */
export type Answer<E extends Endpoint> = {
  [S in keyof E['responses']]: S extends Success ? output<E['responses'][S]> : never
}[keyof E['responses']]

type QueryValue = string | number | boolean | null | undefined

/**
 * The call's path with its parameters filled in (each encoded) and its query string (values left unset, null or
 * empty are left out): what a client requests, relative to the server's origin.
 */
export function urlOf(endpoint: Pick<Endpoint, 'path'>, input?: unknown): string {
  const { params, query } = (input ?? {}) as { params?: object; query?: object }
  const values = (params ?? {}) as Record<string, QueryValue>
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])))
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, QueryValue>))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  const text = search.toString()
  return text === '' ? path : `${path}?${text}`
}
