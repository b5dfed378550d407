/**
 * Idempotency keys of the state-changing calls (docs/web.md, 'Poor network'; the server's side is
 * docs/resilience.md). One key per user intent: the same call with the same body, sent again after it got no
 * answer, is the same intent and carries the same key, so the server answers it with the first run's answer instead
 * of running it twice (a second account, invoice or payout). Any answer ends the intent (the next tap is a new
 * one), except a 5xx or 'still running' (the server kept nothing, or is still at it). A key left without an answer
 * is dropped after 15 minutes, so a much later tap is a new intent too. Intents are remembered by a hash of the
 * call, never its body (a 2FA password may be in it).
 */
const INTENT_TTL_MS = 15 * 60 * 1000

const keys = new Map<string, { key: string; at: number }>()

/** 53-bit FNV-style hash (cyrb53): enough to tell one pending call from another. */
function hash(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 2654435761)
    h2 = Math.imul(h2 ^ c, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}

function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The intent of a call: method, URL (with its query) and body. */
export function intentOf(method: string, url: string, body: string | undefined): string {
  return hash(`${method} ${url} ${body ?? ''}`)
}

/** The key of this intent: the pending one, or a new one. */
export function idempotencyKeyFor(intent: string, now = Date.now()): string {
  const pending = keys.get(intent)
  if (pending && now - pending.at < INTENT_TTL_MS) return pending.key
  const key = newKey()
  keys.set(intent, { key, at: now })
  return key
}

/** The call got an answer that ends its intent. */
export function settleIntent(intent: string): void {
  keys.delete(intent)
}

/** Tests: forget every pending intent. */
export function resetIdempotencyKeys(): void {
  keys.clear()
}
