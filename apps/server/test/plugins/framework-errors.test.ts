/**
 * Found by the fuzzer (docs/resilience.md): a URL that does not decode and an over-long path parameter were
 * answered by Fastify itself, outside the error handler: its shape (`error`, `FST_ERR_*` codes) and the path echoed
 * back. They answer as every error does now, over inject and over real HTTP.
 */
import { ErrorResponseSchema, isErrorCode } from '@app/contract'
import { describe, expect, it } from 'vitest'
import { bearer, TEST_OPS_TOKEN, useTestApp } from '../helpers/app.ts'
import { listenLocally } from '../helpers/raw-http.ts'

describe('errors the framework answers before any route', () => {
  const t = useTestApp('pglite')

  const cases = [
    ['a URL that does not decode', '/invoices/%ED%A0%80%ED%A0%80', 400, 'BAD_REQUEST'],
    [
      'a path parameter over the router limit',
      `/ops/users/${'%F0%9F%99%82'.repeat(80)}`,
      414,
      'URI_TOO_LONG',
    ],
  ] as const

  it.each(cases)(
    '%s answers in the error shape, no internal code, no echo',
    async (_name, url, status, code) => {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(TEST_OPS_TOKEN) })
      expect(response.statusCode).toBe(status)
      const body = response.json()
      expect(ErrorResponseSchema.safeParse(body).success, response.body).toBe(true)
      expect(body.code).toBe(code)
      // The contract knows the code, and its details schema reads the answer (none here).
      expect(isErrorCode(body.code)).toBe(true)
      expect(body.details).toBeUndefined()
      expect(response.body).not.toMatch(/FST_ERR|%ED|🙂/)
    },
  )

  it('over real HTTP too', async () => {
    const base = await listenLocally(t.app)
    for (const [, url, status, code] of cases) {
      const response = await fetch(`${base}${url}`, { headers: bearer(TEST_OPS_TOKEN) })
      expect(response.status).toBe(status)
      expect(((await response.json()) as { code: string }).code).toBe(code)
    }
  })
})
