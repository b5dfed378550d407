/**
 * The fuzzer's bounded slice (docs/resilience.md): 1,000 requests derived from the contract with the fixed seed,
 * against the real app on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set. Any 5xx, internal detail,
 * undeclared status, answer off its schema or unexpected error logged fails it; the full run is `npm run fuzz`.
 */
import { describe, expect, it } from 'vitest'
import { createTestDatabase, DATABASE_KINDS } from '../helpers/database.ts'
import { FIXED_SEED, failureDigest, runFuzz } from './fuzzer.ts'

const REQUESTS = 1000

describe.each(DATABASE_KINDS)('fuzz slice on %s', (kind) => {
  it(`${REQUESTS} requests from the contract, seed ${FIXED_SEED}: no 5xx, no leak, every answer as declared`, async () => {
    const testDatabase = await createTestDatabase(kind)
    try {
      const report = await runFuzz({
        database: testDatabase.database,
        databaseName: kind,
        requests: REQUESTS,
        seed: FIXED_SEED,
        httpEvery: 20,
      })
      expect(report.requests).toBe(REQUESTS)
      expect(report.overHttp).toBe(REQUESTS / 20)
      // Every route the app registers with a contract is reached (new ones too: the list comes from the app).
      expect(report.routesMissed).toEqual([])
      expect(report.perRoute.size).toBeGreaterThan(70)
      expect(failureDigest(report, 10).join('\n')).toBe('')
      expect({ fiveXX: report.fiveXX, mismatches: report.mismatches, undeclared: report.undeclared }).toEqual(
        {
          fiveXX: 0,
          mismatches: 0,
          undeclared: 0,
        },
      )
      expect({ leaks: report.leaks, unexpectedLogged: report.unexpectedLogged }).toEqual({
        leaks: 0,
        unexpectedLogged: 0,
      })
    } finally {
      await testDatabase.dispose()
    }
  }, 60_000)
})
