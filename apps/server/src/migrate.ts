/**
 * `npm run migrate`: applies the migrations in apps/server/drizzle to DATABASE_URL's database (or the PGlite folder
 * in DATA_DIR, while no server holds it) and exits, printing how many it applied and the latest one. A deployment
 * runs it before it starts or upgrades server processes (docs/deploy.md); the servers also migrate at start,
 * under the same advisory lock, so a process started first finds nothing left to apply and waits for nobody.
 * Reads only DATABASE_URL and DATA_DIR: the bot token and the secrets are not needed to change the schema.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import { describeDatabaseUrl } from './config.ts'
import { type Database, openPglite, openPostgres } from './db/client.ts'
import { MIGRATIONS_FOLDER, migrateDatabase } from './db/migrate.ts'
import { type DataDirLock, lockDataDir } from './lib/data-dir-lock.ts'
import { describeCause } from './lib/startup-error.ts'

/** The migrations' tags in order, from drizzle's journal. */
function journalTags(): string[] {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[]
  }
  return journal.entries.map((entry) => entry.tag)
}

/** How many migrations the database has recorded (drizzle's own table; none before the first). */
async function appliedCount(database: Database): Promise<number> {
  const exists = (await database.db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  )) as { rows: { found: boolean }[] }
  if (!exists.rows[0]?.found) return 0
  const counted = (await database.db.execute(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  )) as { rows: { count: number }[] }
  return counted.rows[0]?.count ?? 0
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL?.trim() || undefined
  const dataDir = resolve(process.env.DATA_DIR?.trim() || './data')
  // PGlite is one process per folder: a running server holds the lock, and this refuses in one line.
  let lock: DataDirLock | undefined
  if (url === undefined) lock = await lockDataDir(dataDir, () => process.exit(1))
  const database = url === undefined ? await openPglite(dataDir) : await openPostgres(url)
  try {
    const before = await appliedCount(database)
    await migrateDatabase(database)
    const after = await appliedCount(database)
    const tags = journalTags()
    const where = url === undefined ? `PGlite in ${dataDir}` : describeDatabaseUrl(url)
    // More than this build knows: a newer release migrated it (this build runs on it when that release's
    // migrations were forward-compatible, docs/deploy.md).
    const latest =
      after > tags.length ? `newer than this build's ${tags.at(-1)}` : `latest ${tags[after - 1]}`
    process.stdout.write(`${where}: ${after - before} migrations applied, ${after} in all (${latest})\n`)
  } finally {
    await database.close()
    await lock?.release()
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Migration failed: ${describeCause(error)}\n`)
  process.exit(1)
})
