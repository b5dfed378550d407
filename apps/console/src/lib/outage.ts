/**
 * The server's outage as the console sees it (docs/resilience.md, 'Outages'): a call answered 503 with Retry-After
 * (TEMPORARILY_UNAVAILABLE: the server's database is away; nothing was done) is sent again by itself (api.ts), and
 * meanwhile the banner above every screen says 'temporarily unavailable, retrying'. `GET /readyz` is asked every
 * few seconds until it answers 200; then the banner goes and what is on screen is fetched again.
 */
import { healthCalls, urlOf } from '@app/contract'

const PROBE_MS = 2000

let unavailable = false
const listeners = new Set<() => void>()
const recoveries = new Set<() => void>()
let probeTimer: ReturnType<typeof setTimeout> | undefined

function set(next: boolean): void {
  if (next === unavailable) return
  unavailable = next
  for (const listener of listeners) listener()
  if (next) scheduleProbe()
  else {
    clearTimeout(probeTimer)
    probeTimer = undefined
    for (const recover of recoveries) recover()
  }
}

function scheduleProbe(): void {
  if (probeTimer !== undefined) return
  probeTimer = setTimeout(async () => {
    probeTimer = undefined
    if (!unavailable) return
    const ready = await fetch(urlOf(healthCalls.ready), { headers: { accept: 'application/json' } })
      .then((response) => response.ok)
      .catch(() => false)
    if (ready) set(false)
    else scheduleProbe()
  }, PROBE_MS)
}

/**
 * Whether an answer is the server's outage. A chain endpoint's 503 (CHAIN_UNAVAILABLE, docs/transactions.md) also says
 * Retry-After, but the server is fine: its refusal goes to the operator who asked, no banner, no silent retry.
 */
export async function isOutageAnswer(response: Response): Promise<boolean> {
  if (response.status !== 503 || !response.headers.has('retry-after')) return false
  const code = await response
    .clone()
    .json()
    .then((body: { code?: unknown }) => body?.code)
    .catch(() => undefined)
  return code !== 'CHAIN_UNAVAILABLE'
}

/** Every answer the console gets: an outage answer starts the state, any other ends it. */
export function noteAnswer(outage: boolean): void {
  set(outage)
}

export const isUnavailable = () => unavailable
export function subscribeOutage(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
/** Runs `recover` each time the server can serve again after an outage. */
export function onRecovered(recover: () => void): () => void {
  recoveries.add(recover)
  return () => recoveries.delete(recover)
}

/** The banner's words, in the browser's language: the console has no language switch, the mini-app's texts. */
export const OUTAGE_TEXTS = {
  en: 'Temporarily unavailable. Retrying…',
  fa: 'موقتاً در دسترس نیست. در حال تلاش دوباره…',
} as const
