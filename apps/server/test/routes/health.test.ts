import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestApp, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'

describe.each(DATABASE_KINDS)('health on %s', (kind) => {
  const t = useTestApp(kind)
  it('/healthz and /readyz are 200 ok while the database answers and is migrated, with security headers', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(200)
      expect(response.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'current' })
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'")
      expect(response.headers['x-content-type-options']).toBe('nosniff')
    }
    const live = await t.app.inject({ method: 'GET', url: '/livez' })
    expect(live.statusCode).toBe(200)
    expect(live.json()).toEqual({ status: 'ok' })
  })

  it('/readyz and /healthz ask the database at most once a second, however many calls come (issue 37)', async () => {
    const own = await createTestApp(kind)
    try {
      // The real ping, counted.
      const ping = own.database.ping.bind(own.database)
      let pings = 0
      own.database.ping = () => {
        pings += 1
        return ping()
      }
      await new Promise((resolve) => setTimeout(resolve, 1100))
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          own.app.inject({ method: 'GET', url: i % 2 === 0 ? '/readyz' : '/healthz' }),
        ),
      )
      expect(burst.map((response) => response.statusCode)).toEqual(Array(30).fill(200))
      expect(pings).toBe(1)
      await new Promise((resolve) => setTimeout(resolve, 1100))
      expect((await own.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
      expect(pings).toBe(2)
    } finally {
      await own.close()
    }
  })

  it('/readyz is 503 while the database lacks a migration this process knows; /livez stays 200', async () => {
    const own = await createTestApp(kind)
    try {
      await own.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      )
      const ready = await own.app.inject({ method: 'GET', url: '/readyz' })
      expect(ready.statusCode).toBe(503)
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'ok', migrations: 'behind' })
      expect((await own.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200)
    } finally {
      await own.close()
    }
  })

  it('/readyz is 503 without a database; /livez stays 200', async () => {
    const own = await createTestApp(kind)
    try {
      await own.database.close()
      const ready = await own.app.inject({ method: 'GET', url: '/readyz' })
      expect(ready.statusCode).toBe(503)
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'unreachable', migrations: 'unknown' })
      expect((await own.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200)
    } finally {
      await own.close()
    }
  })
})
