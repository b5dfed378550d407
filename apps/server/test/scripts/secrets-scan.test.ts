/**
 * The secrets scan itself (docs/resilience.md, 'Secrets'): a secret planted in a log line and in a table cell is
 * found, on a PGlite data folder and on PostgreSQL; a clean log and database find nothing; a code inside a longer
 * number is no finding.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite } from '#db/client.ts'
import { migrateDatabase } from '#db/migrate.ts'
import {
  formatReport,
  type KnownSecret,
  matchers,
  readSecretFiles,
  SANDBOX_SECRETS,
  scan,
} from '#scripts/secrets-scan.ts'
import { createPostgres, TEST_DATABASE_URL } from '../helpers/database.ts'

const dirs: string[] = []
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'secrets-scan-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const PLANTED: KnownSecret = { kind: 'refresh token', value: 'rt_9bX2kPq7vLmN4sWz8yHc', source: 'planted' }

/** A migrated PGlite data folder, closed again; `plant` writes into it first. */
async function pgliteFolder(plant?: (db: Awaited<ReturnType<typeof openPglite>>['db']) => Promise<void>) {
  const dir = temp()
  const database = await openPglite(dir)
  await migrateDatabase(database)
  await plant?.(database.db)
  await database.close()
  return dir
}

describe('secrets scan', () => {
  it('finds a secret planted in a log line and in a table cell; says where, not what', async () => {
    const logs = temp()
    writeFileSync(
      join(logs, 'server.log'),
      `{"msg":"fine"}\n{"msg":"refreshing","token":"${PLANTED.value}"}\n`,
    )
    const dataDir = await pgliteFolder(async (db) => {
      await db.execute(sql`insert into users (telegram_id, first_name) values (1, ${`Eve ${PLANTED.value}`})`)
      // Past the first pages of a table (the dump pages through it).
      await db.execute(
        sql`insert into rate_limit_counters (key, window_start, count) select 'k' || g, now(), 1 from generate_series(1, 12000) g`,
      )
      await db.execute(
        sql`insert into rate_limit_counters (key, window_start, count) values (${`last:${PLANTED.value}`}, now(), 1)`,
      )
      await db.execute(
        sql`insert into settings (key, value) values ('note', ${JSON.stringify({ pw: SANDBOX_SECRETS[2]?.value })}::jsonb)`,
      )
    })
    const secretsFile = join(temp(), 'secrets.jsonl')
    writeFileSync(secretsFile, `${JSON.stringify(PLANTED)}\n`)
    const report = await scan({
      logs: [logs],
      dataDirs: [dataDir],
      pgUrls: [],
      secrets: [...SANDBOX_SECRETS, ...readSecretFiles([secretsFile])],
    })
    const where = report.findings.map(
      (f) => `${f.kind} @ ${f.where.replace(dataDir, 'DIR').replace(logs, 'LOGS')}`,
    )
    expect(where.sort()).toEqual([
      '2FA password @ pglite DIR public.settings.value',
      'refresh token @ log LOGS/server.log:2',
      'refresh token @ pglite DIR public.rate_limit_counters.key',
      'refresh token @ pglite DIR public.users.first_name',
    ])
    expect(report.rows).toBeGreaterThan(0)
    expect(formatReport(report)).not.toContain(PLANTED.value)
    expect(formatReport(report)).toContain('found: 4')
    expect(formatReport(report)).toContain('databases dumped: 1 PGlite; PostgreSQL: none')
    expect(report.rows).toBeGreaterThan(12_000)
  }, 60_000)

  it('a clean log and database: nothing found', async () => {
    const logs = temp()
    writeFileSync(
      join(logs, 'server.log'),
      '{"msg":"incoming request","url":"/dashboard","code":"[redacted]"}\n',
    )
    const dataDir = await pgliteFolder(async (db) => {
      await db.execute(sql`insert into users (telegram_id, first_name) values (9123456789, 'Ann')`)
    })
    const report = await scan({
      logs: [logs],
      dataDirs: [dataDir],
      pgUrls: [],
      secrets: [...SANDBOX_SECRETS, PLANTED],
    })
    expect(report.findings).toEqual([])
    expect(report.logLines).toBeGreaterThan(0)
    expect(formatReport(report)).toContain('found: none')
  }, 60_000)

  it('codes match where a code can stand, not inside numbers, hashes or JSON numbers; escaped forms of other secrets match', () => {
    const [code] = matchers([{ kind: 'login code', value: '12345', source: 't' }])
    expect(code?.find('phone +98912345678')).toBe(-1)
    expect(code?.find('id 123456')).toBe(-1)
    expect(code?.find('hash 9f3a12345be0')).toBe(-1)
    expect(code?.find('{"remotePort":12345,"ms":12345}')).toBe(-1)
    expect(code?.find('"code":"12345"')).toBeGreaterThan(0)
    expect(code?.find('/reset?code=12345&x=1')).toBeGreaterThan(0)
    expect(code?.find('your code is 12345.')).toBeGreaterThan(0)
    const [password] = matchers([{ kind: 'password', value: 'p@ss "word" ü', source: 't' }])
    expect(password?.find(JSON.stringify({ p: 'p@ss "word" ü' }))).toBeGreaterThan(0)
    expect(password?.find(`/x?p=${encodeURIComponent('p@ss "word" ü')}`)).toBeGreaterThan(0)
    expect(matchers([{ kind: 'short', value: '123', source: 't' }])).toEqual([])
  })

  it.runIf(TEST_DATABASE_URL)(
    'dumps a PostgreSQL database too',
    async () => {
      const database = await createPostgres(TEST_DATABASE_URL ?? '')
      try {
        await database.database.db.execute(
          sql`insert into audit_log (actor, action, object_type, reason) values ('a', 'b', 'c', ${`pw=${PLANTED.value}`})`,
        )
        const report = await scan({
          logs: [],
          dataDirs: [],
          pgUrls: [database.url ?? ''],
          secrets: [PLANTED],
        })
        expect(report.findings.map((f) => f.where.replace(/^postgres \S+ /, ''))).toEqual([
          'public.audit_log.reason',
        ])
        // The summary names the database it dumped (the e2e run's PostgreSQL servers are listed there).
        const name = new URL(database.url ?? '').pathname.slice(1)
        expect(report.postgres).toEqual([name])
        expect(formatReport(report).split('\n').slice(1, 3)).toEqual([
          `databases dumped: 0 PGlite; PostgreSQL: ${name}`,
          'found: 1',
        ])
      } finally {
        await database.dispose()
      }
    },
    60_000,
  )
})
