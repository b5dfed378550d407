/** The server's PostgreSQL pool (src/db/client.ts): what each of its connections is set to. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres, type PostgresDatabase } from '../../src/db/client.ts'
import { createPostgres, TEST_DATABASE_URL, type TestDatabase } from '../helpers/database.ts'

describe.runIf(TEST_DATABASE_URL)('the server’s PostgreSQL pool', () => {
  let test: TestDatabase
  let server: PostgresDatabase
  beforeAll(async () => {
    test = await createPostgres(TEST_DATABASE_URL ?? '')
    server = (await openPostgres(test.url ?? '')) as PostgresDatabase
  })
  afterAll(async () => {
    await server?.close()
    await test?.dispose()
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
