/**
 * What the app knows about its connection, for the banners on every screen (app/status-banners.tsx) and the
 * recovery after an outage (docs/web.md, 'Poor network'):
 * - `offline`: the device says it has no network (navigator.onLine, `online`/`offline` events). TanStack Query's
 *   own online manager pauses queries meanwhile and refetches them when the device is back;
 * - `unreachable`: a request got no answer at all (the network dropped it, the server is down) although the
 *   device says it is online. Until an answer arrives, `GET /healthz` is asked with a doubling wait (1 s to 5 s);
 *   the first answer of any kind ends it and runs the recovery (the active queries that are stale or failed are
 *   fetched again);
 * - `unavailable`: the server answers but cannot serve (503 with Retry-After: TEMPORARILY_UNAVAILABLE, its database is
 *   away; docs/resilience.md, 'Outages'). `GET /readyz` is asked the same way until it answers 200, then the same
 *   recovery runs; meanwhile the API client sends a call that got that answer again by itself (api-client.ts);
 * - `sandbox`: an answer carried the server's sandbox notice (SANDBOX_HEADER: production on the sandbox provider).
 * One small store, read with useSyncExternalStore; the API client and the translation loader report to it.
 */
import { firstScreenRoutes, SANDBOX_HEADER, SANDBOX_HEADER_VALUE, urlOf } from '@app/contract'

export type NetworkStatus = { offline: boolean; unreachable: boolean; unavailable: boolean; sandbox: boolean }

/** Readiness, not liveness: it answers 200 only once the server can serve calls again. */
const PROBE_PATH = urlOf(firstScreenRoutes.ready)
const PROBE_FIRST_MS = 1_000
const PROBE_MAX_MS = 5_000

const initial = (): NetworkStatus => ({
  offline: typeof navigator !== 'undefined' && navigator.onLine === false,
  unreachable: false,
  unavailable: false,
  sandbox: false,
})

let status = initial()
const listeners = new Set<() => void>()
const recoveries = new Set<() => void>()
let probeTimer: ReturnType<typeof setTimeout> | undefined
let probeDelay = PROBE_FIRST_MS

function set(next: Partial<NetworkStatus>): void {
  const merged = { ...status, ...next }
  if (
    merged.offline === status.offline &&
    merged.unreachable === status.unreachable &&
    merged.unavailable === status.unavailable &&
    merged.sandbox === status.sandbox
  )
    return
  status = merged
  for (const listener of listeners) listener()
}

export function getNetworkStatus(): NetworkStatus {
  return status
}

export function subscribeNetworkStatus(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Runs `recover` each time the server answers again after an outage; returns the unsubscribe. */
export function onNetworkRecovered(recover: () => void): () => void {
  recoveries.add(recover)
  return () => recoveries.delete(recover)
}

function stopProbe(): void {
  clearTimeout(probeTimer)
  probeTimer = undefined
  probeDelay = PROBE_FIRST_MS
}

function scheduleProbe(delay: number): void {
  clearTimeout(probeTimer)
  probeTimer = setTimeout(probe, delay)
}

const inOutage = () => status.unreachable || status.unavailable

function probeAgain(): void {
  if (!inOutage() || probeTimer !== undefined) return
  probeDelay = Math.min(probeDelay * 2, PROBE_MAX_MS)
  // Offline: the `online` event probes at once; until then asking is pointless.
  if (!status.offline) scheduleProbe(probeDelay)
}

async function probe(): Promise<void> {
  probeTimer = undefined
  if (!inOutage()) return
  let response: Response
  try {
    response = await fetch(PROBE_PATH, { headers: { Accept: 'application/json' }, cache: 'no-store' })
  } catch {
    probeAgain()
    return
  }
  if (response.status === 503) {
    // The server is there but not ready (its database is away): the outage goes on, in other words.
    set({ unreachable: false, unavailable: true })
    probeAgain()
    return
  }
  noteAnswer(response)
}

/** The server's answer that it cannot serve now and the call should be sent again later (503 with Retry-After). */
export const isOutageAnswer = (response: Response) =>
  response.status === 503 && response.headers.has('Retry-After')

/**
 * A request got an answer: the server is reachable; the answer may carry the sandbox notice. An outage answer starts
 * (or continues) the `unavailable` state; any other ends the outage and runs the recovery.
 */
export function noteAnswer(response: Response): void {
  if (response.headers.get(SANDBOX_HEADER) === SANDBOX_HEADER_VALUE) set({ sandbox: true })
  if (isOutageAnswer(response)) {
    if (status.unavailable && !status.unreachable) return
    set({ unreachable: false, unavailable: true })
    if (probeTimer === undefined && !status.offline) scheduleProbe(PROBE_FIRST_MS)
    return
  }
  if (!inOutage()) return
  stopProbe()
  set({ unreachable: false, unavailable: false, offline: false })
  for (const recover of recoveries) recover()
}

/** A request got no answer at all (not an abort the app asked for). */
export function noteNetworkFailure(): void {
  if (status.unreachable) return
  set({ unreachable: true, unavailable: false })
  if (probeTimer === undefined && !status.offline) scheduleProbe(PROBE_FIRST_MS)
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => set({ offline: true }))
  window.addEventListener('online', () => {
    set({ offline: false })
    if (inOutage()) scheduleProbe(0)
  })
}

/** Tests: back to a fresh page's state. */
export function resetNetworkStatus(): void {
  stopProbe()
  recoveries.clear()
  status = initial()
  for (const listener of listeners) listener()
}
