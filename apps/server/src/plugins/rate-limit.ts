/**
 * Rate limits: a modest global limit per client IP, a stricter one on /auth/* (set per route via
 * `config.rateLimit`). Counters live in Redis when REDIS_URL is set so that every process shares
 * them; in memory otherwise.
 */
import rateLimit from '@fastify/rate-limit'
import { Redis } from 'ioredis'
import { globalPlugin } from './global-plugin.ts'

export type RateLimitOptions = { max: number; timeWindowMs: number; redisUrl: string | undefined }

export const rateLimitPlugin = globalPlugin<RateLimitOptions>('rate-limit', async (app, opts) => {
  const redis =
    opts.redisUrl === undefined
      ? undefined
      : new Redis(opts.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)))
  await app.register(rateLimit, {
    global: true,
    max: opts.max,
    timeWindow: opts.timeWindowMs,
    ...(redis ? { redis, nameSpace: 'rate-limit:' } : {}),
    // A Redis outage must not take the API down with it.
    skipOnError: true,
  })
})
