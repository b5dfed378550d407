/**
 * Test databases: PGlite always (restored from the migrated snapshot made in global-setup), and
 * PostgreSQL too when TEST_DATABASE_URL is set (a fresh database per call, dropped afterwards).
 */
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { inject } from 'vitest'
import { type Database, newPool, pgliteExtensions, wrapPglite, wrapPool } from '../../src/db/client.ts'
import { migrateDatabase } from '../../src/db/migrate.ts'
import { createDatabase, dropDatabase } from './postgres-admin.ts'

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

async function createPglite(): Promise<TestDatabase> {
  snapshot ??= new Blob([await readFile(inject('pgliteSnapshotPath'))])
  const database = wrapPglite(await PGlite.create({ loadDataDir: snapshot, extensions: pgliteExtensions }))
  return { database, url: undefined, dispose: () => database.close() }
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

/** A fresh, migrated PostgreSQL database next to `adminUrl`'s; `dispose()` drops it. */
export async function createPostgres(adminUrl: string): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`
  const url = await createDatabase(adminUrl, name)
  const database = openTestPool(url)
  await migrateDatabase(database)
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
