/**
 * Two real server processes (`server.ts`, spawned as `npm start` runs it) on one PostgreSQL database share the
 * validation of 1,000 due accounts: every account is validated exactly once, and both processes take part.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accounts } from '#db/schema.ts'
import { insertAccounts, newUser, userIdOf } from '#test-helpers/accounts.ts'
import { buildApp, TEST_AUTH_SECRET, TEST_OPS_TOKEN, testConfig } from '#test-helpers/app.ts'
import { createTestDatabase, TEST_DATABASE_URL } from '#test-helpers/database.ts'
import { TEST_BOT_TOKEN } from '#test-helpers/init-data.ts'
import { type SpawnedServer, spawnServer, waitHealthy } from '#test-helpers/spawn-server.ts'

const ACCOUNTS = 1000

type ValidatingServer = SpawnedServer & { validated: () => number[]; cleanUp: () => Promise<void> }

function startServer(databaseUrl: string, port: number): ValidatingServer {
  const dataDir = mkdtempSync(join(tmpdir(), 'two-processes-'))
  const server = spawnServer({
    NODE_ENV: 'test',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    AUTH_SECRET: TEST_AUTH_SECRET,
    OPS_TOKEN: TEST_OPS_TOKEN,
    DEMO_DATA: 'false',
    SIMULATOR: 'false',
    LOG_LEVEL: 'debug',
    VALIDATION_POLL_MS: '50',
    VALIDATION_BATCH_SIZE: '20',
  })
  return {
    ...server,
    validated: () =>
      server
        .output()
        .stdout.split('\n')
        .filter((line) => line.includes('"account validated"'))
        .map((line) => (JSON.parse(line) as { accountId: number }).accountId),
    cleanUp: async () => {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

describe.runIf(TEST_DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  it(`validate ${ACCOUNTS} due accounts, each exactly once, both taking part`, async () => {
    // A migrated database and a user, made in this process (its app runs no validation loop).
    const testDatabase = await createTestDatabase('postgres')
    const databaseUrl = testDatabase.url
    if (!databaseUrl) throw new Error('a PostgreSQL test database has a URL')
    const seeding = await buildApp(testConfig(), { database: testDatabase.database })
    const port = 19_500 + Math.floor(Math.random() * 400)
    const servers = [startServer(databaseUrl, port), startServer(databaseUrl, port + 1)]
    try {
      const db = testDatabase.database.db
      const user = await newUser(seeding)
      const userId = await userIdOf(db, user.telegramId)
      await Promise.all(servers.map((server, i) => waitHealthy(port + i, server)))
      await insertAccounts(db, userId, ACCOUNTS, {
        prefix: 61,
        status: 'pending',
        validationAt: new Date(0),
      })

      const deadline = Date.now() + 90_000
      for (;;) {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(accounts)
          .where(sql`${accounts.userId} = ${userId} and ${accounts.validationStatus} = 'pending'`)
        if (row?.n === 0 || Date.now() > deadline) break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      const [attempts] = await db
        .select({
          total: sql<number>`count(*)::int`,
          once: sql<number>`count(*) filter (where ${accounts.validationAttempts} = 1)::int`,
        })
        .from(accounts)
        // This user's: the demo data has accounts of its own.
        .where(sql`${accounts.userId} = ${userId}`)
      expect(attempts).toEqual({ total: ACCOUNTS, once: ACCOUNTS })

      // Stopped first, so that every line each process logged has arrived.
      await Promise.all(servers.map((server) => server.stop()))
      const perProcess = servers.map((server) => server.validated())
      const all = perProcess.flat()
      expect(all).toHaveLength(ACCOUNTS)
      expect(new Set(all).size).toBe(ACCOUNTS)
      for (const ids of perProcess) expect(ids.length).toBeGreaterThan(0)
    } finally {
      await Promise.all(servers.map((server) => server.cleanUp()))
      await seeding.close()
      await testDatabase.dispose()
    }
  }, 180_000)
})
