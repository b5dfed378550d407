/**
 * Rate limits: a modest global limit per client IP, and a stricter one that every /auth/* call shares
 * (`app.authRateLimit`, modules/auth/route-limit.ts), and a budget of failed operator authentications
 * (`app.operatorAuthFailures`). Counters live in Redis when REDIS_URL is set so that every process shares them, in
 * this process's memory while Redis cannot answer (rate-limit-store.ts); in memory without REDIS_URL.
 */
import rateLimit from '@fastify/rate-limit'
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { Redis } from 'ioredis'
import { DomainError } from '../lib/domain-error.ts'
import { isWarmUpRequest } from '../lib/warm-up-request.ts'
import { globalPlugin } from './global-plugin.ts'
import { createRedisCircuit, failoverStore } from './rate-limit-store.ts'

export type RateLimitOptions = {
  max: number
  /** The /auth/* budget per client and window, shared by all those calls. */
  authMax: number
  timeWindowMs: number
  redisUrl: string | undefined
}

/** Wrong operator tokens or sessions a client may present per window; after them each wrong one answers 429. */
export const OPERATOR_AUTH_FAILURES_MAX = 10

/**
 * Failed operator authentications of a client. The operator routes authenticate before any route's limiter runs,
 * so without this a wrong token could be tried without end (and logged each time). `failed` counts one and, once
 * the client's budget is gone, answers 429 RATE_LIMITED with the wait instead of the failure. It is asked only
 * after a token or session failed: a working one is always admitted, however many wrong ones its address sent.
 */
export type OperatorAuthFailures = {
  failed(request: FastifyRequest, reason: string): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The /auth/* calls' one limiter: a route config per call would give each call a budget of its own. */
    authRateLimit: onRequestAsyncHookHandler
    operatorAuthFailures: OperatorAuthFailures
  }
}

/** How long Redis is left alone after a failed command, before one call tries it again (its circuit is open). */
const REDIS_CIRCUIT_OPEN_MS = 5_000

export const rateLimitPlugin = globalPlugin<RateLimitOptions>('rate-limit', async (app, opts) => {
  // Fail fast (rate-limit-store.ts): no queue while disconnected, a short wait per command and per connection.
  const redis =
    opts.redisUrl === undefined
      ? undefined
      : new Redis(opts.redisUrl, {
          connectTimeout: 500,
          commandTimeout: 250,
          maxRetriesPerRequest: 0,
          enableOfflineQueue: false,
          lazyConnect: false,
        })
  let store: ReturnType<typeof failoverStore> | undefined
  if (redis) {
    // One line when Redis goes (whichever sees it first: the connection or a command), one when it is back. Without
    // an 'error' listener ioredis would print every failed attempt to stderr.
    let away = false
    const goneAway = (error: unknown) => {
      if (away) return
      away = true
      app.log.warn(
        { err: error },
        "rate-limit Redis unreachable: limits count in this process's memory until it answers",
      )
    }
    redis.on('error', goneAway)
    redis.on('ready', () => {
      if (!away) return
      away = false
      app.log.info('rate-limit Redis answers again: limits count in Redis')
    })
    const circuit = createRedisCircuit(redis, { openMs: REDIS_CIRCUIT_OPEN_MS, onOpen: goneAway })
    // Start counting in Redis when it answers now; a Redis that does not is the outage above, not a refusal to start.
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        redis.off('ready', done)
        redis.off('error', done)
        resolve()
      }
      const timer = setTimeout(done, 1000)
      redis.once('ready', done)
      redis.once('error', done)
    })
    store = failoverStore(redis, 'rate-limit:', circuit)
    app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)))
  }
  await app.register(rateLimit, {
    global: true,
    max: opts.max,
    timeWindow: opts.timeWindowMs,
    ...(store ? { store } : {}),
    // Never skipped: the store counts in memory while Redis is away, so an error here is a bug, not an outage.
    skipOnError: false,
    // A start-up's own reads (warm-up.ts): processes restarted together would otherwise share one budget in Redis.
    allowList: (request) => isWarmUpRequest(request),
    // The answer says how long to wait, in the contract's words, so the mini-app can say it in minutes and seconds.
    errorResponseBuilder: (_request, context) =>
      new DomainError(429, 'RATE_LIMITED', 'Too many requests, try again later', {
        wait: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  })
  // One limiter made once, hooked onto each /auth/* route: its store is one, whichever call counts.
  app.decorate('authRateLimit', app.rateLimit({ max: opts.authMax, timeWindow: opts.timeWindowMs }))
  const failures = app.createRateLimit({
    max: OPERATOR_AUTH_FAILURES_MAX,
    timeWindow: opts.timeWindowMs,
    keyGenerator: (request) => `ops-auth-failures:${request.ip}`,
  })
  app.decorate('operatorAuthFailures', {
    failed: async (request, reason) => {
      const state = await failures(request)
      if (state.isAllowed || !state.isExceeded) {
        // One line per failure within the budget; the rest of the window's are answered 429 without one.
        const failuresLeft = state.isAllowed ? undefined : state.remaining
        request.log.warn({ ip: request.ip, reason, failuresLeft }, 'operator authentication failed')
        return
      }
      throw new DomainError(
        429,
        'RATE_LIMITED',
        'Too many failed operator authentications, try again later',
        {
          wait: Math.max(1, state.ttlInSeconds),
        },
      )
    },
  })
})
