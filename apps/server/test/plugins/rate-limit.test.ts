import { Writable } from 'node:stream'
import { ErrorResponseSchema, parseErrorDetails } from '@app/contract'
import type { OperatorEnrolment } from '@app/contract/ops'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { describe, expect, it, vi } from 'vitest'
import { totpCode } from '#modules/operators/totp.ts'
import { OPERATOR_AUTH_FAILURES_MAX } from '#plugins/rate-limit.ts'
import { buildAppOn, TEST_OPS_TOKEN, useTestApp } from '../helpers/app.ts'

describe('rate limits', () => {
  const t = useTestApp('pglite', { config: { rateLimit: { max: 8, authMax: 3, timeWindowMs: 60_000 } } })

  it('/auth/* has the stricter limit, answered as 429 RATE_LIMITED', async () => {
    const call = () => t.app.inject({ method: 'POST', url: '/auth/refresh' })
    const codes = []
    for (let i = 0; i < 4; i++) codes.push((await call()).statusCode)
    expect(codes).toEqual([401, 401, 401, 429])
    const limited = await call()
    // The wait travels in the contract's details (seconds, within the 60 s window) and in Retry-After.
    const body = ErrorResponseSchema.parse(limited.json())
    expect(body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' })
    const wait = parseErrorDetails('RATE_LIMITED', body.details)?.wait ?? 0
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(60)
    expect(limited.headers['retry-after']).toBe(String(wait))
    expect(limited.headers['retry-after']).toBeDefined()
  })

  it('/auth/* is one budget per client, whichever calls spend it', async () => {
    const codes = []
    for (const url of ['/auth/refresh', '/auth/telegram/authorize', '/auth/login', '/auth/refresh']) {
      const payload = url === '/auth/refresh' ? undefined : {}
      codes.push((await t.app.inject({ method: 'POST', url, remoteAddress: '10.0.0.7', payload })).statusCode)
    }
    expect(codes).toEqual([401, 400, 400, 429])
  })

  it('wrong operator tokens are limited (10 a window per client, then 429); a call with no credentials is not a guess', async () => {
    const ops = (token?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/ops/settings',
        remoteAddress: '10.0.0.9',
        ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      })
    for (let i = 0; i < 3; i++) expect((await ops()).statusCode).toBe(401)
    const codes = []
    for (let i = 0; i < OPERATOR_AUTH_FAILURES_MAX; i++)
      codes.push((await ops(`wrong-token-${i}`)).statusCode)
    expect(codes.every((code) => code === 401)).toBe(true)
    // The budget is spent: a wrong token waits now, with the wait in the answer.
    const refused = await ops('wrong-token-again')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' })
    expect(parseErrorDetails('RATE_LIMITED', refused.json().details)?.wait).toBeGreaterThan(0)
  })

  it('wrong operator tokens from an address never stop a right token or console session from it (issue 18)', async () => {
    const address = '10.0.0.11'
    const call = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/ops/session', remoteAddress: address, headers })
    // An operator to sign in as, made from elsewhere.
    const created = await t.app.inject({
      method: 'POST',
      url: '/ops/operators',
      remoteAddress: '10.0.0.12',
      headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
      payload: { login: 'same-address', role: 'viewer' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const enrolment = created.json() as OperatorEnrolment
    const login = await t.app.inject({
      method: 'POST',
      url: '/ops/session',
      remoteAddress: address,
      payload: {
        login: enrolment.operator.login,
        password: enrolment.password,
        code: totpCode(enrolment.totpSecret, new Date()),
      },
    })
    expect(login.statusCode, login.body).toBe(200)
    const session = login.cookies.find((cookie) => cookie.name === 'ops_session')?.value ?? ''
    // A stale script at the same address keeps sending a wrong token, past its budget.
    for (let i = 0; i <= OPERATOR_AUTH_FAILURES_MAX + 2; i++)
      await call({ authorization: `Bearer stale-token-${i}` })
    expect((await call({ authorization: 'Bearer stale-token' })).statusCode).toBe(429)
    expect((await call({ cookie: 'ops_session=forged-session' })).statusCode).toBe(429)
    // The right token and the live session are admitted all the same.
    expect((await call({ authorization: `Bearer ${TEST_OPS_TOKEN}` })).statusCode).toBe(200)
    const bySession = await call({ cookie: `ops_session=${session}` })
    expect(bySession.statusCode, bySession.body).toBe(200)
    expect(bySession.json()).toMatchObject({ login: 'same-address' })
  })

  it('the API has the global limit, counted before the token is checked', async () => {
    const codes = []
    for (let i = 0; i < 9; i++)
      codes.push(
        (await t.app.inject({ method: 'GET', url: '/dashboard', remoteAddress: '10.0.0.21' })).statusCode,
      )
    expect(codes.slice(0, 8).every((c) => c === 401)).toBe(true)
    expect(codes[8]).toBe(429)
  })

  it('a Redis that cannot be reached is logged as a warning, never an unhandled error event, and calls still answer', async () => {
    const printed: string[] = []
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(' '))
    })
    const logs: string[] = []
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk))
        done()
      },
    })
    // Port 9 (discard) refuses at once: ioredis emits 'error' on every attempt to connect.
    const app = await buildAppOn(t, {
      config: { redisUrl: 'redis://127.0.0.1:9', logLevel: 'warn' },
      deps: { logStream },
    })
    try {
      expect((await app.inject({ method: 'GET', url: '/locales/en/common.json' })).statusCode).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(printed.filter((line) => line.includes('[ioredis]'))).toEqual([])
      // One warning for the outage, however many attempts failed.
      expect(logs.filter((line) => line.includes('rate-limit Redis unreachable'))).toHaveLength(1)
    } finally {
      spy.mockRestore()
      await app.close()
    }
  })

  it('readiness checks have a budget of their own per address: spent API calls leave it, a flood ends in 429; /livez is never limited', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '10.0.0.21' })
    for (let i = 0; i < 8; i++) await get('/dashboard')
    expect((await get('/dashboard')).statusCode).toBe(429)
    // The probe still answers: the API's budget is not its own.
    const codes = []
    for (let i = 0; i < 9; i++) codes.push((await get('/readyz')).statusCode)
    expect(codes).toEqual([...Array(8).fill(200), 429])
    expect((await get('/healthz')).statusCode).toBe(200)
    // Liveness asks no database, and a 429 could get a working process restarted.
    for (let i = 0; i < 12; i++) expect((await get('/livez')).statusCode).toBe(200)
  })
})

// Several server processes must share their counters: with REDIS_URL they live in Redis.
describe.runIf(process.env.TEST_REDIS_URL)('rate limits shared through Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL
  const limits = { rateLimit: { max: 8, authMax: 3, timeWindowMs: 60_000 }, redisUrl }
  const t = useTestApp('pglite', { config: limits })

  it('counts calls to two app instances together', async () => {
    const redis = new Redis(redisUrl ?? '')
    const stale = await redis.keys('rate-limit:*')
    if (stale.length > 0) await redis.del(...stale)
    await redis.quit()
    const second = await buildAppOn(t, { config: limits })
    try {
      const codes = []
      for (const app of [t.app, second, t.app, second]) {
        codes.push((await app.inject({ method: 'POST', url: '/auth/refresh' })).statusCode)
      }
      expect(codes).toEqual([401, 401, 401, 429])
    } finally {
      await second.close()
    }
  })

  it('counts wrong operator tokens at two app instances together, and admits a right token all the same', async () => {
    const second = await buildAppOn(t, { config: limits })
    try {
      const call = (app: FastifyInstance, token: string) =>
        app.inject({
          method: 'GET',
          url: '/ops/settings',
          remoteAddress: '10.0.0.21',
          headers: { authorization: `Bearer ${token}` },
        })
      const codes = []
      for (let i = 0; i <= OPERATOR_AUTH_FAILURES_MAX; i++)
        codes.push((await call(i % 2 === 0 ? t.app : second, `wrong-${i}`)).statusCode)
      expect(codes.slice(0, OPERATOR_AUTH_FAILURES_MAX).every((code) => code === 401)).toBe(true)
      expect(codes[OPERATOR_AUTH_FAILURES_MAX]).toBe(429)
      for (const app of [t.app, second]) expect((await call(app, TEST_OPS_TOKEN)).statusCode).toBe(200)
    } finally {
      await second.close()
    }
  })
})
