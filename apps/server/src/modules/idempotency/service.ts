/**
 * Idempotency keys (docs/resilience.md, 'Poor network'): a user's state-changing call sent with an
 * `Idempotency-Key` runs once per (user, key); a repeat gets the first answer again, byte for byte. The request
 * is remembered as an HMAC of its method, route, parameters and body (a 2FA password may be in the body, so never
 * the body itself); the same key with another request is refused. A repeat that arrives while the first still
 * runs waits for its answer.
 */
import { createHmac, type KeyObject } from 'node:crypto'
import type { Db } from '#db/client.ts'
import { deriveKey } from '#lib/crypto.ts'
import { validationError } from '#lib/domain-error.ts'
import {
  answerIdempotencyKey,
  claimIdempotencyKey,
  findIdempotencyKey,
  pruneIdempotencyKeys,
  releaseIdempotencyKey,
} from './repository.ts'

export { pruneIdempotencyKeys } from './repository.ts'

/** How long a key is remembered: a day, as payment APIs do; a retry comes within seconds or minutes. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
/** How long the request running a key holds it; past that with no answer (its process died) a repeat runs it. */
const IDEMPOTENCY_LEASE_MS = 60 * 1000
/** How long a repeat waits for the first request's answer before it is told to ask again (409). */
const IDEMPOTENCY_WAIT_MS = 10 * 1000
const POLL_MS = 50

/** The HMAC key of request fingerprints, derived from the auth secret for this use only (HKDF-SHA256). */
export function deriveIdempotencyKey(authSecret: string): KeyObject {
  return deriveKey(authSecret, 'account-supply-idempotency', 'request-hash-v1')
}

/** JSON with object keys sorted, so the same body hashes the same whatever order its fields came in. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item
    return Object.fromEntries(
      Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    )
  })
}

export type IdempotentRequest = {
  userId: number
  key: string
  method: string
  /** The route's URL pattern ('/invoices/:uid/request-payment'), so the key is bound to one call. */
  route: string
  params: unknown
  body: unknown
}

export type Begin =
  /** This request runs the call; answer or release the key afterwards with this hash. */
  | { kind: 'run'; requestHash: string }
  /** The call already ran with this key: its answer. */
  | { kind: 'replay'; status: number; body: string }
  /** The key was used for another request. */
  | { kind: 'reused' }
  /** The first request still runs after the wait. */
  | { kind: 'in-progress' }

export type IdempotencyDeps = {
  db: Db
  now: () => Date
  /** The HMAC key of fingerprints (`deriveIdempotencyKey`). */
  idempotencySecret: KeyObject
  ttlMs?: number
  leaseMs?: number
  waitMs?: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function createIdempotencyService(deps: IdempotencyDeps) {
  const { db, now, idempotencySecret } = deps
  const ttlMs = deps.ttlMs ?? IDEMPOTENCY_TTL_MS
  const leaseMs = deps.leaseMs ?? IDEMPOTENCY_LEASE_MS
  const waitMs = deps.waitMs ?? IDEMPOTENCY_WAIT_MS

  function fingerprint(request: IdempotentRequest): string {
    let text: string
    try {
      text = canonicalJson([
        request.method.toUpperCase(),
        request.route,
        request.params ?? null,
        request.body ?? null,
      ])
    } catch (error) {
      // A body nested deeper than the stack allows a replacer (JSON.parse takes it): refused, never a 500.
      if (error instanceof RangeError) throw validationError('body: nested too deeply')
      throw error
    }
    return createHmac('sha256', idempotencySecret).update(text).digest('base64url')
  }

  async function claim(userId: number, key: string, requestHash: string): Promise<boolean> {
    const at = now()
    return claimIdempotencyKey(db, {
      userId,
      key,
      requestHash,
      now: at,
      lockedUntil: new Date(at.getTime() + leaseMs),
      expiresAt: new Date(at.getTime() + ttlMs),
    })
  }

  return {
    /** Claims the key for this request, or says what became of the request that claimed it first. */
    async begin(request: IdempotentRequest): Promise<Begin> {
      const requestHash = fingerprint(request)
      const { userId, key } = request
      const waitUntil = Date.now() + waitMs
      for (;;) {
        if (await claim(userId, key, requestHash)) return { kind: 'run', requestHash }
        const row = await findIdempotencyKey(db, userId, key)
        // Released (the first run failed and freed it) or pruned in between: claim it again.
        if (row === undefined && Date.now() < waitUntil) continue
        if (row === undefined) return { kind: 'in-progress' }
        if (row.requestHash !== requestHash) return { kind: 'reused' }
        if (row.responseStatus !== null && row.responseBody !== null) {
          return { kind: 'replay', status: row.responseStatus, body: row.responseBody }
        }
        if (Date.now() >= waitUntil) return { kind: 'in-progress' }
        await sleep(POLL_MS)
      }
    },

    /** Stores the answer of the request that ran the call. */
    async answer(
      userId: number,
      key: string,
      requestHash: string,
      status: number,
      body: string,
    ): Promise<void> {
      await answerIdempotencyKey(db, { userId, key, requestHash, status, body, now: now() })
    },

    /** Frees the key after an answer worth trying again (5xx, 429): the next repeat runs the call. */
    async release(userId: number, key: string, requestHash: string): Promise<void> {
      await releaseIdempotencyKey(db, { userId, key, requestHash })
    },

    /** Deletes expired keys; how many (the housekeeping schedule calls `pruneIdempotencyKeys` directly too). */
    async prune(): Promise<number> {
      return pruneIdempotencyKeys(db, now())
    },
  }
}
