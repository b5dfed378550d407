import { dashboardCalls, defineEndpoint, emailAuthCalls, OkSchema } from '@app/contract'
import { beforeEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'
import { ApiError } from '#lib/api-error.ts'
import { bindTokensToTelegramUser, getTokens, setTokens } from '#lib/auth-tokens.ts'
import { apiError, installFakeServer, json } from '#test-helpers/fake-server.ts'
import { dashboardFixture, FRESH_TOKENS, TOKENS } from '#test-helpers/fixtures.ts'

const USER_ID = 4242

/** Resolves when released: lets a test hold answers until every request is in flight. */
function gate() {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

describe('api client', () => {
  beforeEach(() => {
    bindTokensToTelegramUser(USER_ID)
    setTokens(TOKENS)
  })

  it('sends Accept: application/json and the bearer token, and parses with the contract', async () => {
    const server = installFakeServer()
    server.on('GET', '/dashboard', () => json(dashboardFixture()))

    const dashboard = await call(dashboardCalls.get)

    expect(dashboard.invoice.paymentAvailableF).toBe('12.50')
    const [sent] = server.calls
    expect(sent?.headers.get('Accept')).toBe('application/json')
    expect(sent?.headers.get('Authorization')).toBe('Bearer access-1')
  })

  it('a malformed answer is an error, not data', async () => {
    const server = installFakeServer()
    server.on('GET', '/dashboard', () => json({ ...dashboardFixture(), order: { isOpen: 'yes' } }))

    const failure = call(dashboardCalls.get)
    await expect(failure).rejects.toBeInstanceOf(ApiError)
    await expect(failure).rejects.toMatchObject({ status: 200, code: 'INVALID_RESPONSE' })
  })

  it('an answer that is not JSON is an error too', async () => {
    const server = installFakeServer()
    server.on('GET', '/dashboard', () => new Response('<!doctype html>', { status: 200 }))

    await expect(call(dashboardCalls.get)).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    })
  })

  it('turns error bodies into typed ApiErrors', async () => {
    const server = installFakeServer()
    server.on('GET', '/dashboard', () =>
      json(
        { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many requests.', details: { wait: 3 } },
        429,
      ),
    )

    await expect(call(dashboardCalls.get)).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many requests.',
      details: { wait: 3 },
    })
  })

  it('three concurrent 401s cause exactly one refresh and three retries with the new token', async () => {
    const server = installFakeServer()
    const refreshGate = gate()
    server.on('GET', '/dashboard', (call) =>
      call.headers.get('Authorization') === 'Bearer access-2'
        ? json(dashboardFixture())
        : apiError(401, 'UNAUTHORIZED', 'Token expired'),
    )
    server.on('POST', '/auth/refresh', async () => {
      await refreshGate.opened
      return json(FRESH_TOKENS)
    })

    const requests = [1, 2, 3].map(() => call(dashboardCalls.get))
    await new Promise((resolve) => setTimeout(resolve, 10))
    refreshGate.open()
    const results = await Promise.all(requests)

    expect(results).toHaveLength(3)
    const refreshes = server.callsTo('POST', '/auth/refresh')
    expect(refreshes).toHaveLength(1)
    expect(refreshes[0]?.headers.get('Authorization')).toBe('Bearer refresh-1')
    expect(refreshes[0]?.body).toBeUndefined()
    const retries = server
      .callsTo('GET', '/dashboard')
      .filter((c) => c.headers.get('Authorization') === 'Bearer access-2')
    expect(retries).toHaveLength(3)
    expect(getTokens()).toEqual(FRESH_TOKENS)
  })

  it('a 401 arriving after the refresh finished retries with the new token instead of refreshing again', async () => {
    const server = installFakeServer()
    const lateAnswer = gate()
    let firstCall = true
    server.on('GET', '/dashboard', async (call) => {
      if (call.headers.get('Authorization') === 'Bearer access-2') return json(dashboardFixture())
      if (firstCall) {
        firstCall = false
        return apiError(401, 'UNAUTHORIZED')
      }
      await lateAnswer.opened
      return apiError(401, 'UNAUTHORIZED')
    })
    server.on('POST', '/auth/refresh', () => json(FRESH_TOKENS))

    const early = call(dashboardCalls.get)
    const late = call(dashboardCalls.get)
    await early
    lateAnswer.open()
    await late

    expect(server.callsTo('POST', '/auth/refresh')).toHaveLength(1)
  })

  it('when the refresh fails: the original error is passed on and the tokens are cleared', async () => {
    const server = installFakeServer()
    server.on('GET', '/dashboard', () => apiError(401, 'UNAUTHORIZED', 'Token expired'))
    server.on('POST', '/auth/refresh', () => apiError(401, 'UNAUTHORIZED', 'Refresh token revoked'))

    await expect(call(dashboardCalls.get)).rejects.toMatchObject({
      status: 401,
      message: 'Token expired',
    })
    expect(getTokens()).toBeNull()
    expect(localStorage.getItem('app.auth')).toBeNull()
  })

  it('without tokens a 401 is passed on without trying to refresh', async () => {
    localStorage.clear()
    const server = installFakeServer()
    server.on('GET', '/dashboard', () => apiError(401, 'UNAUTHORIZED'))

    await expect(call(dashboardCalls.get)).rejects.toMatchObject({ status: 401 })
    expect(server.callsTo('POST', '/auth/refresh')).toHaveLength(0)
    expect(server.calls[0]?.headers.get('Authorization')).toBeNull()
  })

  it('retries only once: a second 401 after refreshing is passed on', async () => {
    const server = installFakeServer()
    server.on('GET', '/dashboard', () => apiError(401, 'UNAUTHORIZED'))
    server.on('POST', '/auth/refresh', () => json(FRESH_TOKENS))

    await expect(call(dashboardCalls.get)).rejects.toMatchObject({ status: 401 })
    expect(server.callsTo('GET', '/dashboard')).toHaveLength(2)
    expect(server.callsTo('POST', '/auth/refresh')).toHaveLength(1)
  })

  it("a 401 that is the call's own answer (a wrong email code) is passed on: no refresh, no second try", async () => {
    const server = installFakeServer()
    server.on('POST', '/auth/email-verification-confirm', () =>
      apiError(401, 'INVALID_CODE', 'Invalid OTP code'),
    )
    server.on('POST', '/auth/refresh', () => json(FRESH_TOKENS))

    await expect(
      call(emailAuthCalls.confirmVerification, { body: { code: '12345', email: 'a@b.co' } }),
    ).rejects.toMatchObject({ status: 401, code: 'INVALID_CODE' })
    expect(server.callsTo('POST', '/auth/email-verification-confirm')).toHaveLength(1)
    expect(server.callsTo('POST', '/auth/refresh')).toHaveLength(0)
    expect(getTokens()).toEqual(TOKENS)
  })

  it('a network failure is an ApiError with status 0', async () => {
    const server = installFakeServer()
    server.on('GET', '/dashboard', () => Promise.reject(new TypeError('Failed to fetch')))

    await expect(call(dashboardCalls.get)).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    })
  })

  it('sends JSON bodies and query parameters', async () => {
    const server = installFakeServer()
    server.on('POST', '/things/a%20b', () => json({ ok: true }))

    const things = defineEndpoint({
      method: 'POST',
      path: '/things/:id',
      auth: 'access',
      params: z.object({ id: z.string() }),
      query: z.object({ size: z.number(), skip: z.optional(z.string()) }),
      body: z.object({ a: z.number() }),
      responses: { 200: OkSchema },
    })
    await call(things, { params: { id: 'a b' }, body: { a: 1 }, query: { size: 24, skip: undefined } })
    const [sent] = server.calls
    expect(sent?.body).toEqual({ a: 1 })
    expect(sent?.query.toString()).toBe('size=24')
    expect(sent?.headers.get('Content-Type')).toBe('application/json')
  })
})
