/**
 * The crash suite's slice in `npm test` (the bench: `npm run bench:crash`, 20 kills; docs/resilience.md, 'Crash'):
 * 3 SIGKILLs of the real server process in the middle of mixed money traffic (account submissions, acceptance by
 * the operator and by the validation loop, invoice requests, confirmations, payout requests and payouts), a
 * restart after each on the same data, a replay: every write answered 2xx is there after each restart, the ledger
 * check is clean every time, and at the end every cycle's invoice is paid once (apps/server/test/money/
 * crash-harness.ts). On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { describe, expect, it } from 'vitest'
import { createTestDatabase, TEST_DATABASE_URL } from '../helpers/database.ts'
import { useProcessFixtures } from '../helpers/spawn-server.ts'
import { crashServerEnv } from './crash-env.ts'
import { formatReport, runCrashSuite } from './crash-harness.ts'

const KILLS = 3
const USERS = 6

const fixtures = useProcessFixtures('crash-replay-')

async function crashAndReplay(label: string, env: Record<string, string>) {
  const report = await runCrashSuite({
    label,
    env,
    kills: KILLS,
    users: USERS,
    adopt: (server) => void fixtures.adopt(server),
  })
  console.log(formatReport(report))
  expect(report.kills).toBe(KILLS)
  expect(report.lost).toEqual([])
  expect(report.ledgerProblems).toEqual([])
  expect(report.endProblems).toEqual([])
  // The kills came mid-traffic: writes acknowledged, whole cycles paid after the replays.
  expect(report.acknowledged).toBeGreaterThan(KILLS * 4)
  expect(report.invoices).toBeGreaterThan(0)
  expect(report.invoices).toBe(report.cycles)
}

describe('SIGKILLs mid-traffic on PGlite, restart, replay', () => {
  it('the data folder recovers each time, no acknowledged write is lost, the books add up', async () => {
    await crashAndReplay('pglite', crashServerEnv(await fixtures.preparedDir()))
  }, 180_000)
})

describe.runIf(TEST_DATABASE_URL)('SIGKILLs mid-traffic on PostgreSQL, restart, replay', () => {
  it('no acknowledged write is lost, the books add up', async () => {
    const database = await createTestDatabase('postgres')
    fixtures.closeLater(() => database.dispose())
    if (!database.url) throw new Error('a PostgreSQL test database has a URL')
    await crashAndReplay('postgres', { ...crashServerEnv(fixtures.tempDir()), DATABASE_URL: database.url })
  }, 180_000)
})
