/** The server's PostgreSQL pool (src/db/client.ts): what each of its connections is set to. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres, type PostgresDatabase } from '#db/client.ts'
import { createPostgres, TEST_DATABASE_URL, type TestDatabase } from '../helpers/database.ts'

describe.runIf(TEST_DATABASE_URL)('the server’s PostgreSQL pool', () => {
  let test: TestDatabase
  let server: PostgresDatabase
  /** Backends of the test's database before the server's pool opened (the test's own helpers hold some). */
  let before = 0
  const backends = async (pool: PostgresDatabase['pool']) =>
    (
      await pool.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = current_database()',
      )
    ).rows[0]?.n ?? 0
  beforeAll(async () => {
    test = await createPostgres(TEST_DATABASE_URL ?? '')
    const probe = (await openPostgres(test.url ?? '')) as PostgresDatabase
    before = (await backends(probe.pool)) - (probe.poolStats()?.total ?? 0)
    await probe.close()
    server = (await openPostgres(test.url ?? '')) as PostgresDatabase
  })
  afterAll(async () => {
    await server?.close()
    await test?.dispose()
  })

  it('opens all of its connections before the first request, and keeps them', async () => {
    const stats = server.poolStats()
    expect(stats).toMatchObject({ total: stats?.max, idle: stats?.max, waiting: 0 })
    expect((await backends(server.pool)) - before, 'backends the pool opened').toBe(stats?.max)
    // Not closed when idle (pg's default closes one idle for 10 s, to be opened again under load).
    expect(server.pool.options.min).toBe(stats?.max)
  })

  it('has JIT off on every connection (compiling cost the ledger check 3.5x its work at 1M accounts)', async () => {
    // Five at once: five connections, each asked on its own.
    const clients = await Promise.all(Array.from({ length: 5 }, () => server.pool.connect()))
    try {
      const answers = await Promise.all(clients.map((client) => client.query<{ jit: string }>('show jit')))
      expect(answers.map((answer) => answer.rows[0]?.jit)).toEqual(['off', 'off', 'off', 'off', 'off'])
    } finally {
      for (const client of clients) client.release()
    }
  })
})
