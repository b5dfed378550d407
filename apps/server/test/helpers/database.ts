/**
 * Test databases: PGlite always (restored from the migrated snapshot made in global-setup), and
 * PostgreSQL too when TEST_DATABASE_URL is set (a fresh database per call, copied from a migrated template and
 * dropped afterwards).
 */
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { inject } from 'vitest'
import { type Database, newPool, pgliteExtensions, wrapPglite, wrapPool } from '#db/client.ts'
import { migrateDatabase } from '#db/migrate.ts'
import { createDatabase, dropDatabase, ensureTemplate } from './postgres-admin.ts'
import { pgliteSnapshotKey } from './prepared-data-dir.ts'

/** Provided by test/global-setup.ts (here, where it is read, so every project that uses these helpers knows it). */
declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string
  }
}

export type DatabaseKind = 'pglite' | 'postgres'

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined

/** Every database the suites run against: `describe.each(DATABASE_KINDS)`. */
export const DATABASE_KINDS: DatabaseKind[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

export type TestDatabase = { database: Database; url: string | undefined; dispose(): Promise<void> }

let snapshot: Blob | undefined

/**
 * This worker's idle PGlite instances, reset to the migrated state. Starting one from the snapshot (unpacking it,
 * zeroing fresh memory) costs over ten times a reset (docs/measurements/ci.md); a run opens some 200.
 */
const idle: PGlite[] = []
const MAX_IDLE = 3
/** Leases per instance: deleted rows stay as dead tuples (no vacuum), so an instance retires after this many. */
const MAX_LEASES = 25
const leases = new WeakMap<PGlite, number>()
/** The migrated catalog as the snapshot has it: an instance whose schema or migrations a test changed is not reused. */
let migratedCatalog: string | undefined
/** The snapshot's tables (`schema.name`, quoted): the same in every instance whose catalog is the snapshot's. */
let migratedTables: string[] = []

/** Counts of the catalog's relations, columns, triggers, functions, constraints (any lasting DDL) and migrations. */
async function catalogOf(client: PGlite): Promise<string> {
  const { rows } = await client.query(`select
    (select count(*) from pg_class) as relations,
    (select count(*) from pg_attribute where not attisdropped) as columns,
    (select count(*) from pg_trigger) as triggers,
    (select count(*) from pg_proc) as functions,
    (select count(*) from pg_constraint) as constraints,
    (select count(*) from drizzle.__drizzle_migrations) as migrations`)
  return JSON.stringify(rows)
}

/** Deletes every row and restarts every sequence, and clears what a session keeps; false if it cannot be reused. */
async function resetToMigrated(client: PGlite): Promise<boolean> {
  if (client.closed) return false
  // Locks, listeners and settings a test's session may have left.
  await client.exec('rollback; select pg_advisory_unlock_all(); unlisten *; reset all')
  if ((await catalogOf(client)) !== migratedCatalog) return false
  const { rows: filled } = await client.query<{ name: string }>(
    migratedTables
      .map((name) => `select '${name}' as name where exists (select from ${name})`)
      .join(' union all '),
  )
  // DELETE of the filled tables only: TRUNCATE makes new files for every table it cascades to, which costs. Replica
  // mode skips triggers for this transaction: foreign keys, and the audit log's refusal to be emptied.
  if (filled.length > 0)
    await client.exec(`begin; set local session_replication_role = replica;
      ${filled.map(({ name }) => `delete from ${name};`).join(' ')} commit`)
  await client.query(`select setval(format('%I.%I', schemaname, sequencename), start_value, false)
    from pg_sequences where schemaname = 'public' and last_value is not null`)
  return true
}

async function startPglite(): Promise<PGlite> {
  snapshot ??= new Blob([await readFile(inject('pgliteSnapshotPath'))])
  const client = await PGlite.create({ loadDataDir: snapshot, extensions: pgliteExtensions })
  if (migratedCatalog === undefined) {
    migratedCatalog = await catalogOf(client)
    const { rows } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
    )
    migratedTables = rows.map(({ name }) => name)
  }
  return client
}

async function release(client: PGlite): Promise<void> {
  const used = (leases.get(client) ?? 0) + 1
  leases.set(client, used)
  const reusable =
    idle.length < MAX_IDLE && used < MAX_LEASES && (await resetToMigrated(client).catch(() => false))
  if (reusable) idle.push(client)
  else if (!client.closed) await client.close()
}

async function createPglite(): Promise<TestDatabase> {
  const client = idle.pop() ?? (await startPglite())
  // A wrapper per lease: a test that closes its database closes the instance, which then is not reused.
  const database = wrapPglite(client)
  return { database, url: undefined, dispose: () => release(client) }
}

/**
 * A pool on a test database, as a second process would open it. Connections still closing when the database is
 * dropped report 57P01 on the pool; unhandled, that would crash the test run.
 */
export function openTestPool(url: string) {
  const pool = newPool(url, 5)
  pool.on('error', () => undefined)
  return wrapPool(pool)
}

/**
 * The migrated template next to `adminUrl`'s database, made once per migration set (later runs reuse it): copying it
 * takes a fraction of migrating a fresh database and no Node CPU, for some 110 databases a run.
 */
let template: Promise<string> | undefined
function migratedTemplate(adminUrl: string): Promise<string> {
  template ??= ensureTemplate(adminUrl, `test_template_${pgliteSnapshotKey()}`, async (url) => {
    const database = openTestPool(url)
    try {
      await migrateDatabase(database)
    } finally {
      await database.close()
    }
  })
  return template
}

/** A fresh, migrated PostgreSQL database next to `adminUrl`'s; `dispose()` drops it. */
export async function createPostgres(adminUrl: string): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`
  const url = await createDatabase(adminUrl, name, await migratedTemplate(adminUrl))
  const database = openTestPool(url)
  return {
    database,
    url,
    async dispose() {
      await database.close()
      await dropDatabase(adminUrl, name)
    },
  }
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') return createPglite()
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set')
  return createPostgres(TEST_DATABASE_URL)
}
