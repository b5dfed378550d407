/**
 * A database outage, seen once (docs/resilience.md, 'Outages'). While PostgreSQL cannot be reached every call
 * answers 503 TEMPORARILY_UNAVAILABLE with Retry-After, and the process logs one line when the outage starts and one
 * when it ends, not one per request or per worker tick. The end is found by a ping every second while it lasts, so
 * the process recovers by itself, without a restart.
 */
import type { FastifyBaseLogger } from 'fastify'

/** What a client is told to wait before asking again (Retry-After, and the answer's `wait`). */
export const OUTAGE_RETRY_AFTER_SECONDS = 2

/** Socket errors of a connection that cannot be made or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * SQLSTATEs of a server that is going or not there yet: class 08 (connection exception), 57P01 to 57P03
 * (terminated by the administrator, crash shutdown, cannot connect now: starting up or shutting down).
 */
const isUnavailableState = (code: string) => code.startsWith('08') || /^57P0[1-3]$/.test(code)

/** node-postgres's own words for a connection it lost or could not open in time (these carry no code). */
const POOL_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]

/** Whether an error (or any cause inside it: drizzle wraps the driver's) means the database cannot be reached. */
export function isDatabaseUnreachable(error: unknown): boolean {
  const seen = new Set<unknown>()
  const pending: unknown[] = [error]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next === null || typeof next !== 'object' || seen.has(next)) continue
    seen.add(next)
    const { code, message, cause, errors } = next as {
      code?: unknown
      message?: unknown
      cause?: unknown
      errors?: unknown
    }
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || isUnavailableState(code))) return true
    if (typeof message === 'string' && POOL_MESSAGES.some((words) => message.includes(words))) return true
    pending.push(cause)
    if (Array.isArray(errors)) pending.push(...errors)
  }
  return false
}

export type DatabaseOutage = {
  /** Whether the database is known to be unreachable now. */
  readonly down: boolean
  /**
   * An error seen anywhere (a request, a worker, the pool): true when it is the database being unreachable, which
   * this takes over (the first one starts the outage and its one log line); false for any other error.
   */
  absorbs(error: unknown): boolean
  stop(): void
}

export function createDatabaseOutage(deps: {
  ping: () => Promise<boolean>
  log: Pick<FastifyBaseLogger, 'error' | 'info'>
  probeMs?: number
  now?: () => number
}): DatabaseOutage {
  const probeMs = deps.probeMs ?? 1000
  const now = deps.now ?? Date.now
  let since: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false

  const probe = async () => {
    timer = undefined
    if (stopped || since === undefined) return
    if (await deps.ping()) {
      deps.log.info({ outageMs: now() - since }, 'database reachable again: answering calls')
      since = undefined
      return
    }
    schedule()
  }
  const schedule = () => {
    if (stopped || timer !== undefined) return
    timer = setTimeout(() => void probe(), probeMs)
    timer.unref()
  }

  return {
    get down() {
      return since !== undefined
    },
    absorbs(error) {
      if (!isDatabaseUnreachable(error)) return false
      if (since === undefined) {
        since = now()
        const cause = error instanceof Error ? (error.cause ?? error) : error
        deps.log.error(
          { cause: cause instanceof Error ? cause.message : String(cause) },
          'database unreachable: calls answer 503 TEMPORARILY_UNAVAILABLE until it is back',
        )
        schedule()
      }
      return true
    },
    stop() {
      stopped = true
      clearTimeout(timer)
    },
  }
}
