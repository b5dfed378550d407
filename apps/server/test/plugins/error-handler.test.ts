import { ErrorResponseSchema } from '@app/contract'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { bearer, TEST_OPS_TOKEN, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'

function expectClientError(response: LightMyRequestResponse, status?: number) {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400)
  expect(response.statusCode, response.body).toBeLessThan(500)
  if (status !== undefined) expect(response.statusCode, response.body).toBe(status)
  const body = ErrorResponseSchema.parse(response.json())
  expect(body.statusCode).toBe(response.statusCode)
  expect(response.body).not.toMatch(/at .*\.ts:\d+|node_modules|stack/i)
  return body
}

describe.each(DATABASE_KINDS)('error answers on %s', (kind) => {
  const t = useTestApp(kind)
  const post = (
    url: string,
    payload: string | undefined,
    contentType?: string,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { ...(contentType ? { 'content-type': contentType } : {}), ...headers },
    })
  const AUTHORIZE = '/auth/telegram/authorize'

  it('validation errors resolve i18n keys to English with the field path', async () => {
    const body = expectClientError(await post(AUTHORIZE, '{}', 'application/json'), 400)
    expect(body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: 'initData: Telegram init data is required',
    })
    const bad = expectClientError(
      await post(AUTHORIZE, JSON.stringify({ initData: 'x', referralCode: '!' }), 'application/json'),
    )
    expect(bad.message).toBe('referralCode: Invalid referral code')
  })

  it("zod's own messages (no key of ours) are English: zod/mini loads no locale, the server sets it", async () => {
    const tooBig = await t.app.inject({ method: 'GET', url: '/accounts?size=101' })
    expect(expectClientError(tooBig, 400).message).toBe('size: Too big: expected number to be <=100')
    const wrongType = JSON.stringify({ initData: 'x', referralCode: 42 })
    expect(expectClientError(await post(AUTHORIZE, wrongType, 'application/json'), 400).message).toBe(
      'referralCode: Invalid input: expected string, received number',
    )
  })

  it('every malformed body is a 4xx with the error shape, never a 500', async () => {
    const huge = JSON.stringify({ initData: 'x'.repeat(70 * 1024) })
    const cases: [string | undefined, string | undefined, number | undefined][] = [
      [undefined, undefined, 400],
      ['', 'application/json', 400],
      ['hello', 'text/plain', 415],
      ['<x/>', 'application/xml', 415],
      ['initData=x', 'application/x-www-form-urlencoded', 415],
      ['{bad json', 'application/json', 400],
      ['[]', 'application/json', 400],
      ['[{"initData":"x"}]', 'application/json', 400],
      ['null', 'application/json', 400],
      ['"string"', 'application/json', 400],
      ['42', 'application/json', 400],
      ['{"initData":42}', 'application/json', 400],
      ['{"initData":null}', 'application/json', 400],
      ['{"initData":["a"]}', 'application/json', 400],
      ['{"initData":{"a":1}}', 'application/json', 400],
      [JSON.stringify({ initData: 'x'.repeat(9000) }), 'application/json', 400],
      [JSON.stringify({ initData: 'x', referralCode: 'y'.repeat(5000) }), 'application/json', 400],
      ['{"__proto__":{"admin":true},"initData":"x"}', 'application/json', 400],
      [huge, 'application/json', 413],
    ]
    for (const [payload, contentType, status] of cases) {
      expectClientError(await post(AUTHORIZE, payload, contentType), status)
    }
  })

  it('malformed bodies on the ops API are 4xx too', async () => {
    const headers = bearer(TEST_OPS_TOKEN)
    for (const [payload, type] of [
      ['{', 'application/json'],
      ['[]', 'application/json'],
      ['x', 'text/plain'],
      ['{"code":5}', 'application/json'],
      ['{"code":"ok-code","extra":1}', 'application/json'],
    ] as const) {
      expectClientError(await post('/ops/invites', payload, type, headers))
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: '/ops/settings/order_open',
      headers,
      payload: '{"value":{"x":1}}',
      ...{},
    })
    expectClientError(put, 415)
  })

  it('unknown routes answer 404 in the same shape', async () => {
    for (const [method, url] of [
      ['GET', '/nope'],
      ['POST', '/auth/nope'],
      ['DELETE', '/dashboard'],
      ['GET', '/api/../etc/passwd'],
    ] as const) {
      const body = expectClientError(await t.app.inject({ method, url }), 404)
      expect(body.code).toBe('NOT_FOUND')
    }
  })

  it('unexpected errors are a 500 without details', async () => {
    const { toErrorResponse } = await import('#plugins/error-handler.ts')
    const { body, unexpected } = toErrorResponse(new Error('secret detail at db.ts:12'), (k) => k)
    expect(unexpected).toBe(true)
    expect(body).toEqual({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' })
  })
})

describe('a failing route', () => {
  const t = useTestApp('pglite')
  it('answers 500 INTERNAL_ERROR and hides the cause', async () => {
    // Closing the database under the app makes the next query fail unexpectedly.
    const { accessToken } = await (await import('../helpers/app.ts')).authorize(
      t.app,
      (await import('../helpers/init-data.ts')).freshTelegramUser(),
    )
    await t.database.close()
    const response = await t.app.inject({ method: 'GET', url: '/dashboard', headers: bearer(accessToken) })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
    })
    const health = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(health.statusCode).toBe(503)
    expect(health.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' })
  })
})
