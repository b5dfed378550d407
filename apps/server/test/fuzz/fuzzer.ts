/**
 * The schema-driven fuzzer (docs/resilience.md). It builds the real app on a given database, learns every route
 * the app registers (an onRoute hook: method, URL and the zod schemas it declares), reads GET /openapi.json for
 * their request schemas, and sends requests derived from them: valid by schema, boundaries, wrong types,
 * missing and extra fields, malformed JSON, huge strings, odd unicode, bad ids and cursors, with and without a
 * user's or the operator's token. Most go through `app.inject` (the real router, validation, handlers and
 * database); a slice goes over real HTTP. An answer fails when it is a 5xx, carries a stack trace or internal
 * detail, has a status its route does not declare, or a body its route's response schema for that status
 * rejects; an error logged as unexpected fails the run too.
 *
 * No vitest here: the test (fuzz.test.ts) and the command (bench/fuzz.ts) both call runFuzz.
 */
import { rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { Writable } from 'node:stream'
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify'
import { SignJWT } from 'jose'
import * as z from 'zod/mini'
import { $ZodType } from 'zod/v4/core'
import type { Database } from '#db/client.ts'
import { createDevTools } from '#dev/dev-tools.ts'
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '#modules/auth/access-tokens.ts'
import { BOT_WEBHOOK_PATH } from '#modules/bot/routes.ts'
import appPlugin, { serverOptions } from '#src/app.ts'
import type { Config } from '#src/config.ts'
import { userIdOf } from '../helpers/accounts.ts'
import { authorize, bearer, TEST_AUTH_SECRET, TEST_OPS_TOKEN, testConfig } from '../helpers/app.ts'
import { freshTelegramUser } from '../helpers/init-data.ts'
import { acceptedAccounts } from '../helpers/payments.ts'
import { listenLocally } from '../helpers/raw-http.ts'
import {
  hostileValue,
  hugeString,
  type JsonSchema,
  mutatedValue,
  ODD_STRINGS,
  Rng,
  validValue,
  wrongTypeValue,
} from './values.ts'

const WEBHOOK_SECRET = 'fuzz-webhook-secret_0123456789'

/** The seed of the fixed runs: `npm test`'s slice and the first run of `npm run fuzz`. */
export const FIXED_SEED = 20_251_301

type Auth = 'user' | 'operator' | 'public' | 'webhook'

/** One route as the fuzzer knows it: from the app's registration and the OpenAPI document. */
export type FuzzRoute = {
  /** `GET /accounts/:accountUid`, as the app registered it. */
  key: string
  method: string
  url: string
  auth: Auth
  pathParams: { name: string; schema: JsonSchema }[]
  query: { name: string; schema: JsonSchema; required: boolean }[]
  body: JsonSchema | undefined
  /** The zod response schema per status, as the route declares it. */
  responses: Map<string, $ZodType>
}

export type FuzzFailure = {
  index: number
  route: string
  reason: string
  request: string
  status: number
  body: string
  via: 'inject' | 'http'
}

export type FuzzReport = {
  seed: number
  database: string
  requests: number
  overHttp: number
  durationMs: number
  perRoute: Map<string, { requests: number; statuses: Map<number, number> }>
  statuses: Map<number, number>
  fiveXX: number
  mismatches: number
  leaks: number
  undeclared: number
  unexpectedLogged: number
  failures: FuzzFailure[]
  /** Routes of the app the fuzzer did not reach (none, unless a run is tiny). */
  routesMissed: string[]
}

type CollectedRoute = { method: string; url: string; schema: RouteOptions['schema'] }

type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[]
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> }
  security?: Record<string, string[]>[]
}

/** Internal detail that must never reach a client: stack frames, file paths, SQL and driver errors. */
const LEAKS: readonly RegExp[] = [
  /\n\s+at \S/,
  /\bat (?:async )?[\w$.<>]+ \((?:file:|node:|\/)/,
  /node_modules|node:internal/,
  /\/(?:work|home|usr|tmp|app)\/[\w.-]+\//,
  /\.(?:ts|js|mjs):\d+/,
  /DrizzleQueryError|Failed query|invalid input syntax|violates \w+ constraint|duplicate key value|relation "|column "|syntax error at|PGlite|ECONNREFUSED|SQLSTATE/i,
  /TypeError|ReferenceError|RangeError|SyntaxError: |Cannot read propert|is not a function|is not defined/,
  /FST_ERR_/,
  /"stack"\s*:/,
]

/** A request not answered by then fails (and counts with the 5xx: the client sees a gateway timeout). */
const ANSWER_TIMEOUT_MS = 15_000

const httpMethods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])

/** The app as the server makes it, with an onRoute hook that keeps what every route declares. */
async function startFuzzApp(
  database: Database,
  logLines: string[],
): Promise<{ app: FastifyInstance; config: Config; collected: CollectedRoute[] }> {
  const base = testConfig({ logLevel: 'error' })
  const config: Config = {
    ...base,
    // The bot's webhook is registered only with a webhook URL: fuzz it too.
    bot: { ...base.bot, webhookUrl: 'https://fuzz.invalid/bot/webhook', webhookSecret: WEBHOOK_SECRET },
  }
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk))
      done()
    },
  })
  const app = Fastify(serverOptions(config, logStream))
  const collected: CollectedRoute[] = []
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const name = String(method).toUpperCase()
      if (httpMethods.has(name)) collected.push({ method: name, url: route.url, schema: route.schema })
    }
  })
  try {
    // As `npm start` runs it: the demo data and the simulator too.
    await app.register(appPlugin, { config, database, devTools: createDevTools() })
    await app.ready()
  } catch (error) {
    await app.close().catch(() => undefined)
    rmSync(config.dataDir, { recursive: true, force: true })
    throw error
  }
  return { app, config, collected }
}

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')

/**
 * Every route to fuzz, from the running app: those the OpenAPI document describes (request schemas from it),
 * plus routes hidden from it that still declare zod schemas for their answers (the bot's webhook; request schemas
 * converted from zod the way the document is).
 */
async function deriveRoutes(app: FastifyInstance, collected: CollectedRoute[]): Promise<FuzzRoute[]> {
  const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>
  }
  const routes: FuzzRoute[] = []
  for (const { method, url, schema } of collected) {
    const responses = new Map<string, $ZodType>()
    for (const [status, response] of Object.entries((schema?.response ?? {}) as Record<string, unknown>)) {
      if (response instanceof $ZodType) responses.set(status, response)
    }
    if (responses.size === 0) continue
    const operation = document.paths[toOpenApiPath(url)]?.[method.toLowerCase()]
    const key = `${method} ${url}`
    if (operation) {
      const parameters = operation.parameters ?? []
      const security = operation.security ?? []
      routes.push({
        key,
        method,
        url,
        auth: security.length === 0 ? 'public' : 'operatorToken' in (security[0] ?? {}) ? 'operator' : 'user',
        pathParams: parameters
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true })),
        body: operation.requestBody?.content?.['application/json']?.schema,
        responses,
      })
      continue
    }
    // Not in the document: only a route that declares its request as well (the contract's own calls).
    const toJson = (value: unknown) =>
      value instanceof $ZodType
        ? (z.toJSONSchema(value as z.ZodMiniType, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
        : undefined
    const body = toJson(schema?.body)
    const params = toJson(schema?.params)
    const query = toJson(schema?.querystring)
    if (body === undefined && method !== 'GET' && method !== 'DELETE') continue
    routes.push({
      key,
      method,
      url,
      auth: url === BOT_WEBHOOK_PATH ? 'webhook' : 'user',
      pathParams: Object.entries(params?.properties ?? {}).map(([name, s]) => ({ name, schema: s })),
      query: Object.entries(query?.properties ?? {}).map(([name, s]) => ({
        name,
        schema: s,
        required: (query?.required ?? []).includes(name),
      })),
      body,
      responses,
    })
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key))
}

/** Values seen in answers, by field name: real ids, cursors and tokens to put back into requests. */
class Harvest {
  private readonly pools = new Map<string, string[]>()
  private readonly rng: Rng
  constructor(rng: Rng) {
    this.rng = rng
  }
  add(key: string, value: string): void {
    if (value.length === 0 || value.length > 600) return
    const pool = this.pools.get(key) ?? []
    if (pool.includes(value)) return
    if (pool.length < 40) pool.push(value)
    else pool[this.rng.int(0, pool.length - 1)] = value
    this.pools.set(key, pool)
  }
  get(key: string): string[] {
    return this.pools.get(key) ?? []
  }
  take(value: unknown, key = ''): void {
    if (typeof value === 'string') {
      this.add(key, value)
      if (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(value)) this.add('#uuid', value)
      if (/page$|cursor/i.test(key)) this.add('#cursor', value)
    } else if (typeof value === 'number' && Number.isInteger(value) && /id$/i.test(key)) {
      this.add(key, String(value))
    } else if (Array.isArray(value)) {
      for (const item of value.slice(0, 10)) this.take(item, key)
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) this.take(v, k)
    }
  }
}

type Tokens = { access: string; refresh: string; forged: string[] }

type Built = {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string
  summary: string
}

const MALFORMED_JSON: readonly string[] = [
  '{',
  '{"a":',
  '[1,2',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}{"b":2}',
  'nul',
  'NaN',
  '\u0000',
  '\ufeff{}',
  '{"a":"\\u12"}',
  '{"a":01}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'1'.repeat(400)}}`,
  '"just a string"',
  '12345',
  'true',
  'null',
  '[]',
]

const WRONG_CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  'application/jsonx',
  '*/*',
]

const JUNK_CURSORS = [
  'x',
  'eyJpZCI6MX0',
  'eyJpZCI6Ii0xIn0',
  'eyJjcmVhdGVkQXQiOiJ4IiwiaWQiOiJ5In0',
  'W10',
  'bnVsbA',
  '%%%',
  'a'.repeat(512),
  'a'.repeat(513),
  '!!!!',
  '===',
  Buffer.from('{"t":1e400,"i":-9999999999999999999}').toString('base64url'),
  Buffer.from('{"t":"2020-01-01","i":"00000000-0000-0000-0000-000000000000"}').toString('base64url'),
]

/**
 * Characters of one value in a URL: encoded, a few of them keep the request line under Node's 16 KB header limit,
 * past which Node itself answers 431 before the app sees anything.
 */
const URL_VALUE_MAX = 1000

function encodePathValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined')
  // An empty segment would be another route (or none): a lone space stands for it.
  // A lone surrogate cannot be encoded: its would-be bytes go instead (UTF-8 the server must refuse).
  return Array.from(text === '' ? ' ' : text.slice(0, URL_VALUE_MAX), (char) => {
    try {
      return encodeURIComponent(char)
    } catch {
      return '%ED%A0%80'
    }
  }).join('')
}

function queryString(entries: [string, unknown][]): string {
  const search = new URLSearchParams()
  for (const [name, value] of entries) {
    if (value === undefined) continue
    const text = (item: unknown) =>
      (typeof item === 'object' ? JSON.stringify(item) : String(item)).slice(0, URL_VALUE_MAX)
    if (Array.isArray(value)) for (const item of value) search.append(name, text(item))
    else search.append(name, text(value))
  }
  const text = search.toString()
  return text === '' ? '' : `?${text}`
}

function authHeader(
  route: FuzzRoute,
  rng: Rng,
  tokens: Tokens,
  harvest: Harvest,
): [string, Record<string, string>] {
  const roll = rng.next()
  const refreshes = harvest.get('refreshToken')
  const garbage = () =>
    rng.pick([
      'Bearer',
      'Bearer ',
      'Bearer x',
      `Bearer ${'a'.repeat(5000)}`,
      'Basic dXNlcjpwYXNz',
      `bearer ${tokens.access}`,
      `Bearer ${tokens.access}x`,
      `Bearer ${tokens.access.slice(0, -5)}`,
      `Bearer  ${TEST_OPS_TOKEN}`,
      `Bearer ${TEST_OPS_TOKEN.slice(0, -1)}`,
      `Bearer ${TEST_OPS_TOKEN}0`,
      'Bearer null',
      'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
    ])
  switch (route.auth) {
    case 'webhook':
      if (roll < 0.75) return ['webhook secret', { 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET }]
      if (roll < 0.9)
        return [
          'wrong webhook secret',
          {
            'x-telegram-bot-api-secret-token': rng.pick(['x', WEBHOOK_SECRET.slice(1), `${WEBHOOK_SECRET} `]),
          },
        ]
      return ['no secret', {}]
    case 'operator':
      if (roll < 0.7) return ['operator token', bearer(TEST_OPS_TOKEN)]
      if (roll < 0.8) return ['no token', {}]
      if (roll < 0.88) return ['garbage token', { authorization: garbage() }]
      if (roll < 0.94) return ['user token on operator route', bearer(tokens.access)]
      return ['forged token', bearer(rng.pick(tokens.forged))]
    case 'user':
      if (roll < 0.7) return ['user token', bearer(tokens.access)]
      if (roll < 0.8) return ['no token', {}]
      if (roll < 0.86) return ['garbage token', { authorization: garbage() }]
      if (roll < 0.93) return ['forged token', bearer(rng.pick(tokens.forged))]
      if (roll < 0.96) return ['operator token on user route', bearer(TEST_OPS_TOKEN)]
      return ['refresh token', bearer(refreshes.length > 0 ? rng.pick(refreshes) : tokens.refresh)]
    default:
      if (roll < 0.6) return ['no token', {}]
      if (roll < 0.9) return ['user token', bearer(tokens.access)]
      return ['garbage token', { authorization: garbage() }]
  }
}

function pathValue(name: string, schema: JsonSchema, rng: Rng, harvest: Harvest): [string, unknown] {
  const real = [...harvest.get(name), ...(schema.format === 'uuid' ? harvest.get('#uuid') : [])]
  const roll = rng.next()
  if (roll < 0.35 && real.length > 0) return ['real', rng.pick(real)]
  if (roll < 0.75) return ['valid', validValue(schema, rng)]
  if (roll < 0.85 && real.length > 0) {
    const value = rng.pick(real)
    return [
      'altered real',
      rng.pick([value.toUpperCase(), `${value} `, value.slice(1), `${value}x`, `-${value}`]),
    ]
  }
  return ['hostile', rng.chance(0.2) ? wrongTypeValue(schema, rng) : hostileValue(schema, rng)]
}

function queryEntries(route: FuzzRoute, rng: Rng, harvest: Harvest): [string, [string, unknown][]] {
  const entries: [string, unknown][] = []
  const mode = rng.pick(['valid', 'valid', 'valid', 'mutated', 'mutated', 'junk'] as const)
  for (const { name, schema, required } of route.query) {
    const isCursor = /cursor|page$/i.test(name) && !/size/i.test(name)
    if (!required && rng.chance(0.4)) continue
    if (isCursor) {
      const cursors = harvest.get('#cursor')
      const roll = rng.next()
      if (roll < 0.5 && cursors.length > 0) entries.push([name, rng.pick(cursors)])
      else if (roll < 0.65 && cursors.length > 0) {
        const cursor = rng.pick(cursors)
        entries.push([
          name,
          rng.pick([cursor.slice(0, -3), `${cursor}A`, cursor.split('').reverse().join('')]),
        ])
      } else entries.push([name, rng.pick(JUNK_CURSORS)])
      continue
    }
    if (mode === 'valid' || rng.chance(0.5)) entries.push([name, validValue(schema, rng)])
    else if (required && rng.chance(0.2)) continue
    else entries.push([name, hostileValue(schema, rng)])
  }
  if (mode === 'junk' || rng.chance(0.05)) {
    entries.push([rng.pick(['extra', 'size', 'cursor', '__proto__', 'q', 'status']), rng.pick(ODD_STRINGS)])
    const first = route.query[0]
    if (first) entries.push([first.name, rng.pick(ODD_STRINGS)])
  }
  return [mode, entries]
}

function bodyOf(route: FuzzRoute, rng: Rng): { mode: string; payload?: string; contentType?: string } {
  const schema = route.body
  const roll = rng.next()
  if (schema === undefined) {
    // A bodiless call: usually none, sometimes a body anyway.
    if (roll < 0.8) return { mode: 'no body' }
    if (roll < 0.9)
      return {
        mode: 'unexpected body',
        payload: JSON.stringify({ extra: 1 }),
        contentType: 'application/json',
      }
    return { mode: 'malformed json', payload: rng.pick(MALFORMED_JSON), contentType: 'application/json' }
  }
  const json = 'application/json'
  if (roll < 0.4)
    return { mode: 'valid', payload: JSON.stringify(validValue(schema, rng)), contentType: json }
  if (roll < 0.75)
    return { mode: 'mutated', payload: JSON.stringify(mutatedValue(schema, rng)), contentType: json }
  if (roll < 0.82) return { mode: 'malformed json', payload: rng.pick(MALFORMED_JSON), contentType: json }
  if (roll < 0.87)
    return {
      mode: 'wrong body type',
      payload: JSON.stringify(wrongTypeValue(schema, rng)),
      contentType: json,
    }
  if (roll < 0.9) return { mode: 'empty body', payload: '', contentType: json }
  if (roll < 0.92) return { mode: 'no body' }
  if (roll < 0.96)
    return {
      mode: 'wrong content type',
      payload: JSON.stringify(validValue(schema, rng)),
      contentType: rng.pick(WRONG_CONTENT_TYPES),
    }
  const value = validValue(schema, rng)
  const keys = Object.keys(schema.properties ?? {})
  const huge =
    value !== null && typeof value === 'object' && !Array.isArray(value) && keys.length > 0
      ? { ...value, [rng.pick(keys)]: hugeString(rng) }
      : hugeString(rng)
  return { mode: 'huge body', payload: JSON.stringify(huge), contentType: json }
}

/** A Telegram update with a message, for the webhook's loose body: /start with odd codes, odd chats. */
function telegramUpdate(rng: Rng): string {
  const text = rng.pick([
    '/start',
    '/start SPRING',
    `/start ${rng.pick(ODD_STRINGS)}`,
    '/help',
    rng.pick(ODD_STRINGS),
    hugeString(rng).slice(0, 5000),
  ])
  const chatId = rng.pick([1, -1, 0, 2 ** 53, 880_000_001, -1001234567890])
  return JSON.stringify({
    update_id: rng.int(0, 2 ** 31),
    message: {
      message_id: rng.int(0, 1000),
      date: rng.pick([0, Math.floor(Date.now() / 1000), -1]),
      chat: rng.chance(0.9) ? { id: chatId, type: rng.pick(['private', 'group', 'channel', 'x']) } : null,
      from: rng.chance(0.8)
        ? {
            id: chatId,
            is_bot: false,
            first_name: rng.pick(ODD_STRINGS),
            language_code: rng.pick(['en', 'fa', 'xx', '']),
          }
        : 'x',
      text,
      ...(rng.chance(0.3) ? { entities: [{ type: 'bot_command', offset: 0, length: rng.int(-5, 50) }] } : {}),
    },
  })
}

function buildRequest(route: FuzzRoute, rng: Rng, tokens: Tokens, harvest: Harvest): Built {
  const notes: string[] = []
  let url = route.url
  for (const { name, schema } of route.pathParams) {
    const [mode, value] = pathValue(name, schema, rng, harvest)
    notes.push(`${name}:${mode}`)
    url = url.replace(`:${name}`, encodePathValue(value))
  }
  if (route.query.length > 0 || rng.chance(0.03)) {
    const [mode, entries] = queryEntries(route, rng, harvest)
    notes.push(`query:${mode}`)
    url += queryString(entries)
  }
  const [authNote, headers] = authHeader(route, rng, tokens, harvest)
  notes.push(authNote)
  const result: Built = { method: route.method, url, headers: { ...headers }, summary: '' }
  const body =
    route.auth === 'webhook' && rng.chance(0.4)
      ? { mode: 'telegram update', payload: telegramUpdate(rng), contentType: 'application/json' }
      : bodyOf(route, rng)
  notes.push(`body:${body.mode}`)
  if (body.payload !== undefined) result.payload = body.payload
  if (body.contentType !== undefined) result.headers['content-type'] = body.contentType
  if (route.auth === 'user' && route.method !== 'GET' && rng.chance(0.3)) {
    const [keyNote, key] = idempotencyKey(rng)
    notes.push(`idempotency:${keyNote}`)
    result.headers['idempotency-key'] = key
  }
  const accept = rng.pick(['application/json', 'application/json', '*/*', undefined, 'application/xml'])
  if (accept !== undefined) result.headers.accept = accept
  if (rng.chance(0.1))
    result.headers['accept-language'] = rng.pick(['fa', 'en-US,en;q=0.9', '*', 'zz', 'x'.repeat(300)])
  result.summary = notes.join(' ')
  return result
}

/**
 * An Idempotency-Key for a user's state-changing call: one of a few shared keys (so repeats meet the same call's
 * stored answer, another call's, or a different body: replay, 409 or 422), a new one, or a malformed one.
 */
const SHARED_IDEMPOTENCY_KEYS = ['fuzz-key-00000001', 'fuzz-key-00000002', 'fuzz-key-00000003']
function idempotencyKey(rng: Rng): [string, string] {
  const roll = rng.next()
  if (roll < 0.5) return ['shared', rng.pick(SHARED_IDEMPOTENCY_KEYS)]
  if (roll < 0.75) return ['fresh', `fuzz-${Math.floor(rng.next() * 1e12).toString(36)}-key`]
  return [
    'malformed',
    rng.pick([
      '',
      'short',
      'x'.repeat(129),
      'key with spaces',
      'key;drop=table',
      '../../../../',
      'a,b,c,d,e,f,g',
    ]),
  ]
}

type Answer = { status: number; contentType: string; body: string }

function overHttp(base: string, built: Built): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // Content-Length always: Node sends a GET's or DELETE's body unframed otherwise, and the next request on the
    // kept-alive socket would be read from the middle of it.
    const length =
      built.payload === undefined ? {} : { 'content-length': String(Buffer.byteLength(built.payload)) }
    const headers = { ...built.headers, ...length }
    const req = httpRequest(`${base}${built.url}`, { method: built.method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    if (built.payload !== undefined) req.write(built.payload)
    req.end()
  })
}

/** Why the answer fails, or undefined when it is fine. */
function judge(
  route: FuzzRoute,
  answer: Answer,
): { kind: 'fiveXX' | 'leak' | 'undeclared' | 'mismatch'; reason: string } | undefined {
  if (answer.status === 0) return { kind: 'fiveXX', reason: `no answer within ${ANSWER_TIMEOUT_MS / 1000} s` }
  if (answer.status >= 500) return { kind: 'fiveXX', reason: `status ${answer.status}` }
  const leak = LEAKS.find((pattern) => pattern.test(answer.body))
  if (leak) return { kind: 'leak', reason: `internal detail in the body (${leak.source})` }
  const schema = route.responses.get(String(answer.status))
  if (!schema) return { kind: 'undeclared', reason: `status ${answer.status} is not declared by the route` }
  if (answer.status === 204 || answer.status === 304) {
    return answer.body === '' ? undefined : { kind: 'mismatch', reason: `a ${answer.status} with a body` }
  }
  if (!/^application\/json/.test(answer.contentType)) {
    return { kind: 'mismatch', reason: `content type ${answer.contentType || 'none'}, not JSON` }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(answer.body)
  } catch {
    return { kind: 'mismatch', reason: 'the body is not JSON' }
  }
  const result = z.safeParse(schema as z.ZodMiniType, parsed)
  if (result.success) return undefined
  const issue = result.error.issues[0]
  return {
    kind: 'mismatch',
    reason: `body does not match the ${answer.status} schema: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
  }
}

/** A real user with accepted accounts and a confirmed invoice, payments open: ids and cursors to fuzz with. */
async function seed(app: FastifyInstance, database: Database, harvest: Harvest): Promise<Tokens> {
  const user = freshTelegramUser()
  const pair = await authorize(app, user)
  const userId = await userIdOf(database.db, user.id)
  await acceptedAccounts(database.db, userId, [2_000_000n, 3_500_000n, 1_250_000n])
  const ops = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(TEST_OPS_TOKEN), ...(payload ? { payload } : {}) })
  for (const [key, value] of Object.entries({
    payment_open: true,
    toman_payment_open: true,
    min_payment_limit: '1',
    max_payment_limit: '1000',
    invoice_delay_seconds: '0',
  })) {
    await ops('PUT', `/ops/settings/${key}`, { value })
  }
  await ops('PUT', '/ops/rates/USDTIRT', { price: '98500' })
  await ops('PUT', '/ops/rates/USDTTRX', { price: '3.5' })
  const invoice = await app.inject({
    method: 'POST',
    url: '/invoices/request-invoice',
    headers: bearer(pair.accessToken),
  })
  const invoiceUid = (invoice.json() as { uid?: string }).uid
  if (invoiceUid) await ops('POST', `/ops/invoices/${invoiceUid}/confirm`)
  await acceptedAccounts(database.db, userId, [900_000n])
  for (const url of ['/accounts?size=1', '/invoices?size=1', '/dashboard', '/news']) {
    harvest.take((await app.inject({ method: 'GET', url, headers: bearer(pair.accessToken) })).json())
  }
  for (const url of [
    '/ops/invoices',
    `/ops/users/${user.id}`,
    '/ops/orders',
    '/ops/operators',
    '/ops/audit',
  ]) {
    harvest.take((await ops('GET', url)).json())
  }
  harvest.add('telegramId', String(user.id))
  harvest.add('user', String(user.id))
  harvest.add('refreshToken', pair.refreshToken)
  const key = new TextEncoder().encode(TEST_AUTH_SECRET)
  const sign = (
    sub: string,
    claims: Record<string, unknown> = { type: 'access' },
    exp = '1h',
    secret = key,
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(secret)
  const forged = [
    await sign('00000000-0000-4000-8000-000000000000'),
    await sign('1'),
    await sign("' or 1=1 --"),
    await sign('x'.repeat(2000)),
    await sign('00000000-0000-4000-8000-000000000000', { type: 'refresh' }),
    await sign('00000000-0000-4000-8000-000000000000', { type: 'access' }, '-1h'),
    await sign(
      '00000000-0000-4000-8000-000000000000',
      { type: 'access' },
      '1h',
      new TextEncoder().encode('another-secret-another-secret-0123'),
    ),
  ]
  return { access: pair.accessToken, refresh: pair.refreshToken, forged }
}

export type FuzzOptions = {
  database: Database
  /** Its name in the report: pglite, postgres. */
  databaseName: string
  requests: number
  seed: number
  /** Every n-th request goes over real HTTP (0: none). */
  httpEvery?: number
  /** Called every 1,000 requests. */
  progress?: (done: number) => void
}

/** Runs one fuzz session on a fresh app over the given database; the database stays open. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const logLines: string[] = []
  const { app, config, collected } = await startFuzzApp(options.database, logLines)
  const rng = new Rng(options.seed)
  const harvest = new Harvest(new Rng(options.seed ^ 0x5bd1e995))
  const report: FuzzReport = {
    seed: options.seed,
    database: options.databaseName,
    requests: 0,
    overHttp: 0,
    durationMs: 0,
    perRoute: new Map(),
    statuses: new Map(),
    fiveXX: 0,
    mismatches: 0,
    leaks: 0,
    undeclared: 0,
    unexpectedLogged: 0,
    failures: [],
    routesMissed: [],
  }
  try {
    const routes = await deriveRoutes(app, collected)
    if (routes.length === 0) throw new Error('no routes to fuzz')
    const tokens = await seed(app, options.database, harvest)
    const httpEvery = options.httpEvery ?? 20
    const base = httpEvery > 0 ? await listenLocally(app) : ''
    const started = Date.now()
    for (let index = 0; index < options.requests; index += 1) {
      // Every route in turn for the first rounds, then at random: each is reached even in a short run.
      const route =
        index < routes.length * 3 ? (routes[index % routes.length] as FuzzRoute) : rng.pick(routes)
      const built = buildRequest(route, rng, tokens, harvest)
      const via = httpEvery > 0 && index % httpEvery === httpEvery - 1 ? 'http' : 'inject'
      const sent =
        via === 'http'
          ? overHttp(base, built)
          : app
              .inject({
                method: built.method as 'GET',
                url: built.url,
                headers: built.headers,
                // A client address per request: failed operator authentications are limited per address (10 a
                // window, then 429 on every /ops call), and one address for the run turned nearly half the
                // requests into 429s. Over HTTP every request comes from 127.0.0.1, so that limit is still met.
                remoteAddress: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
                ...(built.payload === undefined ? {} : { payload: built.payload }),
              })
              .then((response) => ({
                status: response.statusCode,
                contentType: String(response.headers['content-type'] ?? ''),
                body: response.body,
              }))
      if (via === 'http') report.overHttp += 1
      // A request never answered is a failure too (status 0), not a run that hangs.
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<Answer>((resolve) => {
        timer = setTimeout(() => resolve({ status: 0, contentType: '', body: '' }), ANSWER_TIMEOUT_MS)
      })
      const answer = await Promise.race([sent, late]).finally(() => clearTimeout(timer))
      report.requests += 1
      report.statuses.set(answer.status, (report.statuses.get(answer.status) ?? 0) + 1)
      const perRoute = report.perRoute.get(route.key) ?? { requests: 0, statuses: new Map<number, number>() }
      perRoute.requests += 1
      perRoute.statuses.set(answer.status, (perRoute.statuses.get(answer.status) ?? 0) + 1)
      report.perRoute.set(route.key, perRoute)
      const verdict = judge(route, answer)
      if (verdict) {
        if (verdict.kind === 'fiveXX') report.fiveXX += 1
        else if (verdict.kind === 'leak') report.leaks += 1
        else if (verdict.kind === 'undeclared') report.undeclared += 1
        else report.mismatches += 1
        report.failures.push({
          index,
          route: route.key,
          reason: verdict.reason,
          request: `${built.method} ${built.url.slice(0, 300)} [${built.summary}] ${(built.payload ?? '').slice(0, 300)}`,
          status: answer.status,
          body: answer.body.slice(0, 400),
          via,
        })
      } else if (answer.status >= 200 && answer.status < 300 && /json/.test(answer.contentType)) {
        try {
          harvest.take(JSON.parse(answer.body))
        } catch {
          // judged above
        }
      }
      if ((index + 1) % 1000 === 0) options.progress?.(index + 1)
    }
    report.durationMs = Date.now() - started
    report.routesMissed = routes.map((route) => route.key).filter((key) => !report.perRoute.has(key))
  } finally {
    await app.close()
    rmSync(config.dataDir, { recursive: true, force: true })
  }
  for (const line of logLines) {
    if (line.includes('unexpected error')) {
      report.unexpectedLogged += 1
      let what = ''
      try {
        const err = (JSON.parse(line) as { err?: { cause?: string; message?: string; type?: string } }).err
        what = `${err?.type ?? ''}: ${err?.cause ?? err?.message ?? ''}`
      } catch {
        // not JSON: the line itself below
      }
      report.failures.push({
        index: -1,
        route: '(log)',
        reason: `unexpected error logged ${what}`,
        request: '',
        status: 0,
        body: line.slice(0, 1500),
        via: 'inject',
      })
    }
  }
  return report
}

/** Failures, fewest words: one line per distinct route and reason, with its count and first example. */
export function failureDigest(report: FuzzReport, limit = 20): string[] {
  const groups = new Map<string, { count: number; first: FuzzFailure }>()
  for (const failure of report.failures) {
    const key = `${failure.route} | ${failure.reason.replace(/\d+/g, 'N')}`
    const group = groups.get(key)
    if (group) group.count += 1
    else groups.set(key, { count: 1, first: failure })
  }
  return [...groups.values()]
    .slice(0, limit)
    .map(
      ({ count, first }) =>
        `${count}x ${first.route}: ${first.reason}\n    request #${first.index} via ${first.via}: ${first.request}\n    answer ${first.status}: ${first.body}`,
    )
}
