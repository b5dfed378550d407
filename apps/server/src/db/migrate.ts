/**
 * Applies the frozen SQL migrations in `apps/server/drizzle` with drizzle's migrators.
 * On PostgreSQL several processes may start at once: a session-level advisory lock makes them
 * take turns, and the ones that come later find nothing left to apply.
 */
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { Database } from './client.ts'

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle')

/** Arbitrary constant identifying "schema migration" among advisory locks. */
const MIGRATION_LOCK_KEY = 720_431_977

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: database.client }), { migrationsFolder: MIGRATIONS_FOLDER })
    return
  }
  // The lock is held by one connection, so the migration must run on that same connection.
  const client = await database.pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER })
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
    }
  } finally {
    client.release()
  }
}
