/**
 * The rate limits' store when REDIS_URL is set (docs/resilience.md, 'Outages'): counters in Redis, shared by every
 * process, and in this process's memory while Redis cannot answer, so no limit is ever off. Every limit falls back
 * the same way: the API's 300 a minute, the /auth/* budget and failed operator authentications each count per
 * process for the outage (with N processes a client may get up to N budgets, never an unlimited one); refusing
 * instead would sign every user out of reach for as long as Redis is down, and the limits that guard secrets
 * (email codes, sign-in failures) count in the database anyway.
 *
 * Fail fast: commands are not queued while Redis is disconnected (they fail at once), a command waits at most
 * `commandTimeoutMs`, and after a failure Redis is left alone for `openMs` (the circuit is open) before one call
 * tries it again; ioredis reconnects meanwhile. @fastify/rate-limit's own stores do the counting, both.
 */
import type { FastifyRateLimitStore } from '@fastify/rate-limit'
import LocalStore from '@fastify/rate-limit/store/LocalStore.js'
import RedisStore from '@fastify/rate-limit/store/RedisStore.js'
import type { Redis } from 'ioredis'

type Result = { current: number; ttl: number }
type Callback = (error: Error | null, result?: Result) => void
type Store = {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void
  read?(key: string, callback: Callback, timeWindow: number, max?: number): void
  child(routeOptions: unknown): Store
}

/** Whether Redis is used now; shared by the store and every route's child of it. */
export type RedisCircuit = {
  /** Redis may be asked now: connected, and not failed within the last `openMs`. */
  usable(): boolean
  /** A command sent at `sentAt` failed. One sent before the latest reconnection says nothing about the new one. */
  failed(error: unknown, sentAt: number): void
}

export function createRedisCircuit(
  redis: Pick<Redis, 'status' | 'on'>,
  options: { openMs: number; onOpen: (error: unknown) => void; now?: () => number },
): RedisCircuit {
  const now = options.now ?? Date.now
  let openUntil = 0
  let readyAt = 0
  redis.on('ready', () => {
    readyAt = now()
    openUntil = 0
  })
  return {
    usable: () => redis.status === 'ready' && now() >= openUntil,
    failed(error, sentAt) {
      if (sentAt < readyAt) return
      const wasClosed = now() >= openUntil
      openUntil = now() + options.openMs
      if (wasClosed) options.onOpen(error)
    },
  }
}

class FailoverStore implements Store {
  readonly redis: Store
  readonly memory: Store
  readonly circuit: RedisCircuit
  constructor(redis: Store, memory: Store, circuit: RedisCircuit) {
    this.redis = redis
    this.memory = memory
    this.circuit = circuit
  }

  private run(method: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number) {
    const memory = () => {
      const store = this.memory[method]
      if (store) store.call(this.memory, key, callback, timeWindow, max)
      else callback(new Error(`the memory store has no ${method}`))
    }
    const redisMethod = this.redis[method]
    if (!this.circuit.usable() || !redisMethod) return memory()
    const sentAt = Date.now()
    redisMethod.call(
      this.redis,
      key,
      (error, result) => {
        if (!error) return callback(null, result)
        this.circuit.failed(error, sentAt)
        memory()
      },
      timeWindow,
      max,
    )
  }

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.run('incr', key, callback, timeWindow, max)
  }

  read(key: string, callback: Callback, timeWindow: number, max = 0): void {
    this.run('read', key, callback, timeWindow, max)
  }

  child(routeOptions: unknown): Store {
    return new FailoverStore(this.redis.child(routeOptions), this.memory.child(routeOptions), this.circuit)
  }
}

/** The store class @fastify/rate-limit constructs (`store` option) with its global options. */
export function failoverStore(redis: Redis, nameSpace: string, circuit: RedisCircuit) {
  return class implements FastifyRateLimitStore {
    readonly inner: Store
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number }) {
      const { continueExceeding = false, exponentialBackoff = false, cache } = options
      this.inner = new FailoverStore(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace) as Store,
        new LocalStore(continueExceeding, exponentialBackoff, cache) as Store,
        circuit,
      )
    }
    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.inner.incr(key, callback, timeWindow, max)
    }
    read(key: string, callback: Callback, timeWindow: number, max?: number): void {
      this.inner.read?.(key, callback, timeWindow, max)
    }
    child(routeOptions: unknown): FastifyRateLimitStore {
      return this.inner.child(routeOptions) as unknown as FastifyRateLimitStore
    }
  }
}
