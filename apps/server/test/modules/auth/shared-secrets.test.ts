import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { secrets } from '#db/schema.ts'
import { openSecret } from '#modules/secrets/sealing.ts'
import { parseSecretsKey } from '#modules/secrets/secrets-key.ts'
import { authorize, bearer, buildApp, testConfig } from '#test-helpers/app.ts'
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '#test-helpers/database.ts'
import { freshTelegramUser } from '#test-helpers/init-data.ts'

describe.each(DATABASE_KINDS)('generated secrets on %s', (kind) => {
  let testDatabase: TestDatabase
  beforeAll(async () => {
    testDatabase = await createTestDatabase(kind)
  })
  afterAll(() => testDatabase.dispose())
  it('AUTH_SECRET unset: generated once, kept in the database, shared by every instance', async () => {
    const { database } = testDatabase
    const config = testConfig({ authSecret: undefined })
    const [a, b] = await Promise.all([buildApp(config, { database }), buildApp(config, { database })])
    try {
      const rows = await database.db.select().from(secrets).where(eq(secrets.name, 'auth_secret'))
      expect(rows).toHaveLength(1)
      const fromA = await authorize(a, freshTelegramUser())
      expect(
        (await b.inject({ method: 'GET', url: '/dashboard', headers: bearer(fromA.accessToken) })).statusCode,
      ).toBe(200)
      const refreshed = await b.inject({
        method: 'POST',
        url: '/auth/refresh',
        headers: bearer(fromA.refreshToken),
      })
      expect(refreshed.statusCode).toBe(200)
      const fromB = refreshed.json() as { accessToken: string }
      expect(
        (await a.inject({ method: 'GET', url: '/dashboard', headers: bearer(fromB.accessToken) })).statusCode,
      ).toBe(200)
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })

  it('TELEGRAM_BOT_TOKEN unset in dev: a dev token is generated once and kept', async () => {
    const { database } = testDatabase
    const config = testConfig({ telegramBotToken: undefined })
    const first = await buildApp(config, { database })
    const second = await buildApp(config, { database })
    try {
      const rows = await database.db.select().from(secrets).where(eq(secrets.name, 'dev_bot_token'))
      expect(rows).toHaveLength(1)
      // Stored sealed with the data folder's key (docs/resilience.md, 'Secrets').
      const key = parseSecretsKey(readFileSync(join(config.dataDir, 'secrets-key'), 'utf8'))
      expect(rows[0]?.value).toMatch(/^sealed:/)
      expect(openSecret(key ?? Buffer.alloc(0), 'dev_bot_token', rows[0]?.value ?? '')).toMatch(
        /^\d{10}:[A-Za-z0-9_-]{35}$/,
      )
    } finally {
      await Promise.all([first.close(), second.close()])
    }
  })
})
