import { describe, expect, it } from 'vitest'
import { useTestApp } from '../helpers/app.ts'

describe('rate limits', () => {
  const t = useTestApp('pglite', { config: { rateLimit: { max: 8, authMax: 3, timeWindowMs: 60_000 } } })

  it('/auth/* has the stricter limit, answered as 429 RATE_LIMITED', async () => {
    const call = () => t.app.inject({ method: 'POST', url: '/auth/refresh' })
    const codes = []
    for (let i = 0; i < 4; i++) codes.push((await call()).statusCode)
    expect(codes).toEqual([401, 401, 401, 429])
    const limited = await call()
    expect(limited.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' })
    expect(limited.headers['retry-after']).toBeDefined()
  })

  it('other routes have the global limit', async () => {
    const codes = []
    for (let i = 0; i < 9; i++)
      codes.push((await t.app.inject({ method: 'GET', url: '/locales/en/common.json' })).statusCode)
    expect(codes.slice(0, 8).every((c) => c === 200)).toBe(true)
    expect(codes[8]).toBe(429)
  })

  it('health checks are never limited', async () => {
    for (let i = 0; i < 12; i++)
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
  })
})
