import {
  type Answer,
  type CallArgs,
  type Endpoint,
  type ErrorCode,
  firstScreenRoutes,
  IDEMPOTENCY_KEY_HEADER,
  type Route,
  urlOf,
} from '@app/contract'
import { ApiError } from './api-error.ts'
import { clearTokens, getTokens, noteSessionAccepted, setTokens } from './auth-tokens.ts'
import { takeBootCall } from './boot-calls.ts'
import { idempotencyKeyFor, intentOf, settleIntent } from './idempotency-keys.ts'
import { isOutageAnswer, noteAnswer, noteNetworkFailure } from './network-status.ts'

export type CallOptions = {
  signal?: AbortSignal | undefined
  /**
   * Whether to send the access token (and refresh it on a 401). The call's declaration decides (`auth`); a call
   * that takes one optionally may say no.
   */
  auth?: boolean
}

/** Same origin: the call's path, absolute (the idempotency intent is keyed by it). */
const absolute = (path: string) => new URL(path, window.location.origin).toString()

/**
 * Accept: application/json on every call: the server serves the SPA to anything else on shared paths. The first
 * send of a call index.html already sent takes that answer (boot-calls.ts).
 */
async function send(url: string, init: RequestInit, bearer: string | null): Promise<Response> {
  const headers = new Headers(init.headers)
  headers.set('Accept', 'application/json')
  if (bearer) headers.set('Authorization', `Bearer ${bearer}`)
  let response: Response
  try {
    const early = await takeBootCall(init.method ?? 'GET', url, init.body, bearer)
    response = early ?? (await fetch(url, { ...init, headers }))
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    noteNetworkFailure()
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'Network error')
  }
  noteAnswer(response)
  return response
}

/** How long a call is sent again by itself while the server answers that it cannot serve (an outage). */
const OUTAGE_RETRY_FOR_MS = 30_000

/** Resolves after `ms`, or at once when the caller aborts (the next send then throws the abort). */
function pause(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })
}

/**
 * Sends with the access token: an answer other than 401 means the session works (auth-tokens.ts). While the server
 * answers 503 with Retry-After (TEMPORARILY_UNAVAILABLE: its database is away, nothing was done), the same request,
 * with the same idempotency key, is sent again after the wait, for up to OUTAGE_RETRY_FOR_MS; the banner says
 * 'temporarily unavailable, retrying' meanwhile (network-status.ts). Then the answer goes to the caller.
 */
async function sendWithSession(
  url: string,
  init: RequestInit,
  accessToken: string | null,
): Promise<Response> {
  const giveUpAt = Date.now() + OUTAGE_RETRY_FOR_MS
  let response = await send(url, init, accessToken)
  while (isOutageAnswer(response) && Date.now() < giveUpAt && !init.signal?.aborted) {
    const wait = Number(response.headers.get('Retry-After'))
    await pause(Math.min(Math.max(Number.isFinite(wait) ? wait : 1, 1), 10) * 1000, init.signal)
    response = await send(url, init, accessToken)
  }
  if (accessToken && response.status !== 401) noteSessionAccepted()
  return response
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  return text ? (JSON.parse(text) as unknown) : undefined
}

/** The schemas' reader, with zod: off the first screen (answer-check.ts). */
const answerCheck = () => import('./answer-check.ts')

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown
  try {
    body = await readJson(response)
  } catch {
    body = undefined
  }
  const error = (await answerCheck()).readError(body)
  if (error) return new ApiError(response.status, error.code, error.message, error.details)
  return new ApiError(response.status, 'HTTP_ERROR', response.statusText || `HTTP ${response.status}`)
}

/**
 * A success answer. A declaration's is read with its schema; a route's (the first screen's calls) is taken as the
 * server sent it: the server checks every answer against the same schema before it leaves (its serializer).
 */
async function parseAnswer<E extends Endpoint>(
  response: Response,
  endpoint: E | Route<E>,
): Promise<Answer<E>> {
  let body: unknown
  try {
    body = await readJson(response)
  } catch {
    throw new ApiError(response.status, 'INVALID_RESPONSE', 'The server answer is not JSON')
  }
  if (!('responses' in endpoint)) return (response.status === 204 ? null : body) as Answer<E>
  const read = (await answerCheck()).readAnswer(endpoint, response.status, body)
  if (!read.ok) {
    throw new ApiError(response.status, 'INVALID_RESPONSE', 'The server answer has an unexpected shape', {
      issues: read.issues,
    })
  }
  return read.data
}

/** One refresh at a time, shared by every request that got a 401 while it runs. */
let refreshInFlight: Promise<string | null> | null = null

async function refreshTokens(refreshToken: string): Promise<string | null> {
  try {
    const { refresh } = firstScreenRoutes
    const response = await send(absolute(urlOf(refresh)), { method: refresh.method }, refreshToken)
    if (!response.ok) throw await toApiError(response)
    const pair = await parseAnswer(response, refresh)
    setTokens(pair)
    return pair.accessToken
  } catch {
    // A failed (or reused) refresh ends the session: the auth guard sends the user back to authorization.
    clearTokens()
    return null
  }
}

/**
 * Signs out: the tokens are forgotten here at once, and the server revokes the session's refresh token
 * (POST /auth/logout), so a copy of it refreshes nothing. Without an answer the session ends here all the same.
 */
export async function signOut(): Promise<void> {
  const tokens = getTokens()
  clearTokens()
  if (!tokens) return
  const { logout } = firstScreenRoutes
  try {
    await send(absolute(urlOf(logout)), { method: logout.method }, tokens.refreshToken)
  } catch {
    // Offline: nothing more to do; the token expires on the server.
  }
}

async function accessTokenAfter401(usedAccessToken: string | null): Promise<string | null> {
  const current = getTokens()
  if (!current) return null
  // Another request refreshed while this one was in flight: retry with its token; refreshing again
  // would present a spent refresh token, which the server treats as theft and revokes the family.
  if (current.accessToken !== usedAccessToken) return current.accessToken
  refreshInFlight ??= refreshTokens(current.refreshToken).finally(() => {
    refreshInFlight = null
  })
  return refreshInFlight
}

/**
 * 401s that answer the call itself, not a refused token (a wrong email code on a call that also sends the
 * token): no refresh, no retry, which would spend another try of the code. Literals, not the contract's
 * ErrorCode object, which the first screen does not otherwise carry.
 */
const CALL_OWN_401_CODES: readonly string[] = ['INVALID_CODE', 'INVALID_CREDENTIALS'] satisfies ErrorCode[]

/**
 * The one way the app talks to the API: a call the contract declares (its declaration, or on the first screen its
 * route), same origin, bearer token, the answer read as parseAnswer says.
 * A 401 triggers one token refresh and one retry (unless it is the call's own answer, above); if the refresh
 * fails the original error is thrown.
 * No timeout (spec section 9): Telegram's webview may sit on a slow mobile network.
 */
export async function call<E extends Endpoint>(
  endpoint: E | Route<E>,
  ...[input, options = {}]: CallArgs<E, CallOptions>
): Promise<Answer<E>> {
  const { method } = endpoint
  const { body } = (input ?? {}) as { body?: unknown }
  const { signal, auth = endpoint.auth !== 'none' } = options
  const url = absolute(urlOf(endpoint, input))
  const init: RequestInit = { method, ...(signal ? { signal } : {}) }
  const headers: Record<string, string> = {}
  if (body !== undefined) {
    init.body = JSON.stringify(body)
    headers['Content-Type'] = 'application/json'
  }
  // A state-changing call carries its intent's key, the same on every retry of that intent (idempotency-keys.ts).
  const intent = method === 'GET' ? undefined : intentOf(method, url, init.body as string | undefined)
  if (intent !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKeyFor(intent)
  init.headers = headers

  const usedAccessToken = auth ? (getTokens()?.accessToken ?? null) : null
  let response = await sendWithSession(url, init, usedAccessToken)

  if (response.status === 401 && auth) {
    const originalError = await toApiError(response)
    const freshAccessToken = CALL_OWN_401_CODES.includes(originalError.code)
      ? null
      : await accessTokenAfter401(usedAccessToken)
    if (!freshAccessToken) {
      if (intent !== undefined) settleIntent(intent)
      throw originalError
    }
    response = await sendWithSession(url, init, freshAccessToken)
  }

  if (!response.ok) {
    const error = await toApiError(response)
    if (intent !== undefined && response.status < 500 && error.code !== 'IDEMPOTENCY_KEY_IN_PROGRESS') {
      settleIntent(intent)
    }
    throw error
  }
  if (intent !== undefined) settleIntent(intent)
  return parseAnswer(response, endpoint)
}
