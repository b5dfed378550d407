/** The Idempotency-Key the API client sends (lib/idempotency-keys.ts): one per intent, kept across its retries. */
import { defineEndpoint, OkSchema } from '@app/contract'
import { beforeEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'
import { bindTokensToTelegramUser, setTokens } from '#lib/auth-tokens.ts'
import { idempotencyKeyFor } from '#lib/idempotency-keys.ts'
import { retryDelay } from '#lib/query-client.ts'
import { type FakeServer, installFakeServer, json } from '#test-helpers/fake-server.ts'
import { TOKENS } from '#test-helpers/fixtures.ts'

/** Calls the tests make, answering `{ ok: true }`. */
const requestInvoice = defineEndpoint({
  method: 'POST',
  path: '/invoices/request-invoice',
  auth: 'access',
  body: null,
  responses: { 201: OkSchema },
})
const submitPhone = defineEndpoint({
  method: 'POST',
  path: '/telegram/submit-account-phone',
  auth: 'access',
  body: z.object({ phone: z.string() }),
  responses: { 200: OkSchema },
})
const dashboard = defineEndpoint({
  method: 'GET',
  path: '/dashboard',
  auth: 'access',
  responses: { 200: OkSchema },
})

const keysSent = (server: FakeServer, path: string) =>
  server.callsTo('POST', path).map((call) => call.headers.get('Idempotency-Key'))

describe('idempotency keys', () => {
  beforeEach(() => {
    bindTokensToTelegramUser(7)
    setTokens(TOKENS)
  })

  it('a call sent again after no answer carries the same key; after an answer, the next is a new intent', async () => {
    const server = installFakeServer()
    let answers = 0
    server.on('POST', '/invoices/request-invoice', () => {
      answers += 1
      if (answers === 1) throw new TypeError('Failed to fetch')
      return json({ ok: true }, 201)
    })
    await expect(call(requestInvoice)).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    })
    await call(requestInvoice)
    await call(requestInvoice)
    const [first, retry, next] = keysSent(server, '/invoices/request-invoice')
    expect(first).toMatch(/^[0-9a-f]{32}$/)
    expect(retry).toBe(first)
    expect(next).toMatch(/^[0-9a-f]{32}$/)
    expect(next).not.toBe(first)
  })

  it('another body is another intent; a 4xx ends the intent, a 5xx keeps it; reads carry no key', async () => {
    const server = installFakeServer()
    const statuses = [500, 400, 200]
    server.on('POST', '/telegram/submit-account-phone', () =>
      json({ statusCode: 1, code: 'X', message: 'x' }, statuses.shift() ?? 200),
    )
    server.on('GET', '/dashboard', () => json({ ok: true }))
    const send = (phone: string) => call(submitPhone, { body: { phone } }).catch(() => undefined)
    await send('+441')
    await send('+441')
    await send('+441')
    await send('+442')
    const [a, b, c, d] = keysSent(server, '/telegram/submit-account-phone')
    expect(b).toBe(a) // after the 500
    expect(c).not.toBe(b) // after the 400
    expect(d).not.toBe(c) // another body
    await call(dashboard)
    expect(server.callsTo('GET', '/dashboard')[0]?.headers.get('Idempotency-Key')).toBeNull()
  })

  it('a key left without an answer is forgotten after 15 minutes', () => {
    const at = 1_000_000
    const key = idempotencyKeyFor('intent', at)
    expect(idempotencyKeyFor('intent', at + 14 * 60_000)).toBe(key)
    expect(idempotencyKeyFor('intent', at + 16 * 60_000)).not.toBe(key)
  })

  it('reads retry with a doubling wait and some jitter', () => {
    for (const [failures, base] of [
      [0, 1000],
      [1, 2000],
      [2, 4000],
      [6, 15_000],
    ] as const) {
      const delay = retryDelay(failures)
      expect(delay).toBeGreaterThanOrEqual(base)
      expect(delay).toBeLessThanOrEqual(base * 1.25)
    }
  })
})
