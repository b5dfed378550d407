/** Caching of API answers: personal JSON is never stored; what is public says how long it may be kept. */
import { describe, expect, it } from 'vitest'
import { authorize, bearer, useTestApp } from '../helpers/app.ts'
import { freshTelegramUser } from '../helpers/init-data.ts'

describe('cache headers', () => {
  const t = useTestApp('pglite')

  it('answers signed-in JSON (and its errors) with Cache-Control: no-store', async () => {
    const { accessToken } = await authorize(t.app, freshTelegramUser())
    for (const url of ['/dashboard', '/accounts?size=24', '/referral-earnings/stats']) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(accessToken) })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['cache-control'], url).toBe('no-store')
    }
    const refused = await t.app.inject({ method: 'GET', url: '/dashboard' })
    expect(refused.statusCode).toBe(401)
    expect(refused.headers['cache-control']).toBe('no-store')
  })

  it('keeps the caching that public answers set themselves (translations)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/locales/en/common.json' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).not.toBe('no-store')
    expect(response.headers['cache-control']).toBeTruthy()
  })
})
