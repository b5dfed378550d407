/**
 * Redis stopped under traffic and started again (docs/resilience.md, 'Outages'): a real server process whose rate
 * limits count in a throwaway Redis of the test's own. Before: every call waited about a second for Redis and every
 * limit was off while it was away. Now calls answer at once, the /auth/* budget and the API's limit hold (counted
 * in the process's memory for the outage), nothing answers 5xx, the log has one line when Redis goes and one when it
 * is back, and the counters are in Redis again once it answers.
 */
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { TEST_AUTH_SECRET, TEST_OPS_TOKEN } from '../helpers/app.ts'
import { TEST_BOT_TOKEN } from '../helpers/init-data.ts'
import { freePort, spawnServer, useProcessFixtures, waitHealthy } from '../helpers/spawn-server.ts'
import { canRunRedis, startThrowawayRedis, type ThrowawayRedis } from '../helpers/throwaway-services.ts'

const AUTH_MAX = 5

describe.runIf(canRunRedis)('Redis stopped under traffic', () => {
  const fixtures = useProcessFixtures('redis-outage-')
  let redis: ThrowawayRedis | undefined
  afterAll(async () => redis?.destroy())

  it('answers at once, keeps every limit (in memory meanwhile), logs the outage twice, counts in Redis again after', async () => {
    redis = await startThrowawayRedis()
    const port = await freePort()
    const server = fixtures.adopt(
      spawnServer({
        NODE_ENV: 'test',
        PORT: String(port),
        DATA_DIR: await fixtures.preparedDir(),
        REDIS_URL: redis.url,
        TRUST_PROXY: '1',
        AUTH_RATE_LIMIT_MAX: String(AUTH_MAX),
        TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
        AUTH_SECRET: TEST_AUTH_SECRET,
        OPS_TOKEN: TEST_OPS_TOKEN,
        DEMO_DATA: 'false',
        SIMULATOR: 'false',
        BOT_POLLING: 'false',
        LOG_LEVEL: 'info',
      }),
    )
    await waitHealthy(port, server)
    const base = `http://127.0.0.1:${port}`
    const from = (address: string) => ({ 'x-forwarded-for': address })

    // Background traffic through the API's limiter, every 20 ms, each call timed: the dashboard without a token
    // (401 once the limiter has counted it).
    const seen: { at: number; ms: number; status: number }[] = []
    let traffic = true
    const loop = (async () => {
      let n = 0
      while (traffic) {
        const started = Date.now()
        const response = await fetch(`${base}/dashboard`, {
          headers: from(`10.1.0.${n++ % 200}`),
        })
        await response.arrayBuffer()
        seen.push({ at: started, ms: Date.now() - started, status: response.status })
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    })()
    /** The /auth/* budget of one address: the statuses of AUTH_MAX + 1 calls, and the slowest one's time. */
    const spendAuthBudget = async (address: string) => {
      const statuses: number[] = []
      let slowest = 0
      for (let i = 0; i <= AUTH_MAX; i++) {
        const started = Date.now()
        const response = await fetch(`${base}/auth/refresh`, { method: 'POST', headers: from(address) })
        await response.arrayBuffer()
        slowest = Math.max(slowest, Date.now() - started)
        statuses.push(response.status)
      }
      return { statuses, slowest }
    }
    const budgetThenRefused = [...Array(AUTH_MAX).fill(401), 429]

    expect((await spendAuthBudget('10.9.0.1')).statuses).toEqual(budgetThenRefused)
    const client = new Redis(redis.url)
    expect(await client.keys('rate-limit:*10.9.0.1')).not.toEqual([])
    client.disconnect()

    const stoppedAt = Date.now()
    await redis.stop()
    await new Promise((resolve) => setTimeout(resolve, 300))
    const during = await spendAuthBudget('10.9.0.2')
    expect(during.statuses).toEqual(budgetThenRefused)
    expect(during.slowest).toBeLessThan(1000)
    await new Promise((resolve) => setTimeout(resolve, 3000))

    await redis.start()
    const startedAt = Date.now()
    const lines = () => server.output().stdout.split('\n')
    while (!lines().some((line) => line.includes('rate-limit Redis answers again'))) {
      if (Date.now() - startedAt > 20_000) throw new Error('Redis never counted as back')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const backAfterMs = Date.now() - startedAt
    // The reconnection closes the circuit: the next calls count in Redis.
    expect((await spendAuthBudget('10.9.0.3')).statuses).toEqual(budgetThenRefused)
    const after = new Redis(redis.url)
    expect(await after.keys('rate-limit:*10.9.0.3')).not.toEqual([])
    after.disconnect()
    traffic = false
    await loop

    const outage = seen.filter((s) => s.at >= stoppedAt && s.at < startedAt)
    const slowest = Math.max(...outage.map((s) => s.ms))
    console.log(
      `redis outage: ${startedAt - stoppedAt} ms; ${outage.length} calls during it, slowest ${slowest} ms, ` +
        `statuses ${[...new Set(outage.map((s) => s.status))].join(',')}; back in Redis ${backAfterMs} ms after the start`,
    )
    expect(seen.filter((s) => s.status >= 500)).toEqual([])
    // At most the calls in flight when Redis went wait for a command's 250 ms; the others answer at once.
    expect(outage.filter((s) => s.ms > 300).length).toBeLessThanOrEqual(3)
    expect(slowest).toBeLessThan(1000)

    await server.stop()
    const count = (words: string) => lines().filter((line) => line.includes(words)).length
    expect(count('rate-limit Redis unreachable')).toBe(1)
    expect(count('rate-limit Redis answers again')).toBe(1)
  }, 120_000)
})
