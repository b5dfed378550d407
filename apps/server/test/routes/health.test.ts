import { describe, expect, it } from 'vitest'
import { useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'

describe.each(DATABASE_KINDS)('GET /healthz on %s', (kind) => {
  const t = useTestApp(kind)
  it('is 200 ok while the database answers, with security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })
})
