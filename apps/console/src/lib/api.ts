/**
 * The console's one way to the server: same-origin `fetch` to /ops/* with the session cookie, the CSRF token
 * (from the `ops_csrf` cookie) on every state-changing call, and every answer parsed with the contract's schema.
 */
import type * as z from 'zod/mini'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message)
  }
}

export function csrfToken(): string | undefined {
  const entry = document.cookie.split('; ').find((part) => part.startsWith('ops_csrf='))
  return entry === undefined ? undefined : decodeURIComponent(entry.slice('ops_csrf='.length))
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Called when the server says the session is gone (401), so the app shows the login again. */
let onUnauthorized: () => void = () => undefined
export const setUnauthorizedHandler = (handler: () => void) => {
  onUnauthorized = handler
}

export async function api<S extends z.ZodMiniType>(
  schema: S,
  method: Method,
  path: string,
  body?: unknown,
): Promise<z.infer<S>> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken() ?? ''
  let response: Response
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  } catch {
    throw new ApiError(0, undefined, 'The server cannot be reached. Check the connection and try again.')
  }
  const payload: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const error = (payload ?? {}) as { code?: string; message?: string }
    if (response.status === 401 && path !== '/ops/session') onUnauthorized()
    throw new ApiError(
      response.status,
      error.code,
      error.message ?? `The server answered ${response.status}.`,
    )
  }
  const parsed = schema.safeParse(payload)
  if (!parsed.success)
    throw new ApiError(response.status, undefined, 'The server sent an answer this console cannot read.')
  return parsed.data
}

/** A query string from the set values only. */
export function query(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}
