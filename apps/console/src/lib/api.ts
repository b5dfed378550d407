/**
 * The console's one way to the server: the contract's calls, same-origin `fetch` to /ops/* with the session cookie,
 * the CSRF token (from the `ops_csrf` cookie) on every state-changing call, and every answer parsed with the schema
 * its call declares for its status.
 */
import { type Answer, type CallArgs, type Endpoint, readAnswer, urlOf } from '@app/contract'
import { opsOperatorCalls } from '@app/contract/ops'
import { isOutageAnswer, noteAnswer } from './outage.ts'

/** How long a call is sent again by itself while the server answers that it cannot serve (an outage). */
const OUTAGE_RETRY_FOR_MS = 30_000
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

class ApiError extends Error {
  readonly status: number
  readonly code: string | undefined
  constructor(status: number, code: string | undefined, message: string) {
    super(message)
    this.status = status
    this.code = code
  }
}

function csrfToken(): string | undefined {
  const entry = document.cookie.split('; ').find((part) => part.startsWith('ops_csrf='))
  return entry === undefined ? undefined : decodeURIComponent(entry.slice('ops_csrf='.length))
}

/** Called when the server says the session is gone (401), so the app shows the login again. */
let onUnauthorized: () => void = () => undefined
export const setUnauthorizedHandler = (handler: () => void) => {
  onUnauthorized = handler
}

/** A call the contract declares (`@app/contract/ops`): its URL from the input, its answer read with its schema. */
export async function call<E extends Endpoint>(
  endpoint: E,
  ...[input]: CallArgs<E, never>
): Promise<Answer<E>> {
  const { method } = endpoint
  const path = urlOf(endpoint, input)
  const body = (input as { body?: unknown } | undefined)?.body
  const headers: Record<string, string> = { accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken() ?? ''
  const send = async () => {
    try {
      const answer = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      noteAnswer(await isOutageAnswer(answer))
      return answer
    } catch {
      throw new ApiError(0, undefined, 'The server cannot be reached. Check the connection and try again.')
    }
  }
  // An outage answer means nothing was done: the same call again after its Retry-After, for a while.
  const giveUpAt = Date.now() + OUTAGE_RETRY_FOR_MS
  let response = await send()
  while ((await isOutageAnswer(response)) && Date.now() < giveUpAt) {
    const wait = Number(response.headers.get('retry-after'))
    await pause(Math.min(Math.max(Number.isFinite(wait) ? wait : 1, 1), 10) * 1000)
    response = await send()
  }
  const payload: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const error = (payload ?? {}) as { code?: string; message?: string }
    // The session's own calls (log in, who am I, log out) answer their 401 to their caller, which shows the login.
    if (response.status === 401 && endpoint.path !== opsOperatorCalls.me.path) onUnauthorized()
    throw new ApiError(
      response.status,
      error.code,
      error.message ?? `The server answered ${response.status}.`,
    )
  }
  const read = readAnswer(endpoint, response.status, payload)
  if (!read.ok)
    throw new ApiError(response.status, undefined, 'The server sent an answer this console cannot read.')
  return read.data
}

/** A query string from the set values only. */
export function query(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}
