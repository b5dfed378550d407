/** The Idempotency-Key the API client sends (lib/idempotency-keys.ts): one per intent, kept across its retries. */
import { OkSchema } from '@app/contract'
import { beforeEach, describe, expect, it } from 'vitest'
import { type FakeServer, installFakeServer, json } from '../../testing/fake-server.ts'
import { TOKENS } from '../../testing/fixtures.ts'
import { apiRequest } from '../api-client.ts'
import { bindTokensToTelegramUser, setTokens } from '../auth-tokens.ts'
import { idempotencyKeyFor } from '../idempotency-keys.ts'
import { retryDelay } from '../query-client.ts'

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
    await expect(
      apiRequest('/invoices/request-invoice', { method: 'POST', schema: OkSchema }),
    ).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    })
    await apiRequest('/invoices/request-invoice', { method: 'POST', schema: OkSchema })
    await apiRequest('/invoices/request-invoice', { method: 'POST', schema: OkSchema })
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
    const send = (phone: string) =>
      apiRequest('/telegram/submit-account-phone', {
        method: 'POST',
        body: { phone },
        schema: OkSchema,
      }).catch(() => undefined)
    await send('+441')
    await send('+441')
    await send('+441')
    await send('+442')
    const [a, b, c, d] = keysSent(server, '/telegram/submit-account-phone')
    expect(b).toBe(a) // after the 500
    expect(c).not.toBe(b) // after the 400
    expect(d).not.toBe(c) // another body
    await apiRequest('/dashboard', { schema: OkSchema })
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
