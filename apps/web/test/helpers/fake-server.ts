import { vi } from 'vitest'

/**
 * The server edge, faked at fetch: routes answer by method and path; every call is recorded with its
 * headers and body so tests can check what the app sent.
 */
export type RecordedCall = {
  method: string
  path: string
  query: URLSearchParams
  headers: Headers
  body: unknown
}

type Handler = (call: RecordedCall) => Response | Promise<Response>

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

export function apiError(status: number, code: string, message = code): Response {
  return json({ statusCode: status, code, message }, status)
}

export type FakeServer = {
  calls: RecordedCall[]
  on: (method: string, path: string, handler: Handler) => void
  callsTo: (method: string, path: string) => RecordedCall[]
}

export function installFakeServer(): FakeServer {
  const routes = new Map<string, Handler>()
  const calls: RecordedCall[] = []

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin)
    const method = (init?.method ?? 'GET').toUpperCase()
    const rawBody = init?.body
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : undefined,
    }
    calls.push(call)
    const handler = routes.get(`${method} ${url.pathname}`)
    if (!handler) return apiError(404, 'NOT_FOUND', `No fake route for ${method} ${url.pathname}`)
    return handler(call)
  })
  vi.stubGlobal('fetch', fetchMock)

  return {
    calls,
    on: (method, path, handler) => routes.set(`${method.toUpperCase()} ${path}`, handler),
    callsTo: (method, path) =>
      calls.filter((call) => call.method === method.toUpperCase() && call.path === path),
  }
}

/** An error body with details, as the server's error handler answers. */
export function apiErrorWithDetails(
  status: number,
  code: string,
  details?: Record<string, unknown>,
  message = code,
): Response {
  return json({ statusCode: status, code, message, ...(details ? { details } : {}) }, status)
}
