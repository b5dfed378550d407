/**
 * Data folders whose PGlite database exists and is migrated, for the tests that spawn real servers (start-up, SIGKILL,
 * the CLI, end to end). A server started on an empty folder runs PGlite's initdb first, and restoring global-setup's
 * dump into a folder is slow too; copying a folder made once is far cheaper than either (docs/measurements/ci.md).
 * These tests are about the process, not about initdb: `server.test.ts` still starts one server on an empty folder. The
 * template lives in the temp folder under a name derived from the migrations and PGlite's version, so later runs reuse
 * it until either changes; it is written aside and renamed, so a concurrent run never copies a half-made one.
 */
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { rename } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openPglite } from '#db/client.ts'
import { MIGRATIONS_FOLDER, migrateDatabase } from '#db/migrate.ts'

/** Changes with PGlite's version and with any migration. */
export function pgliteSnapshotKey(): string {
  const hash = createHash('sha256')
  // The package's entry file, as a stand-in for its version (package.json is not exported).
  hash.update(readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite')))
  const files = readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()
  for (const file of files) {
    if (!/\.(sql|json)$/.test(file)) continue
    hash.update(file).update(readFileSync(join(MIGRATIONS_FOLDER, file)))
  }
  return hash.digest('hex').slice(0, 16)
}

async function templateDataDir(): Promise<string> {
  const template = join(tmpdir(), `server-test-datadir-${pgliteSnapshotKey()}`)
  if (existsSync(template)) return template
  const partial = `${template}.${process.pid}.${Date.now()}.partial`
  const database = await openPglite(partial)
  await migrateDatabase(database)
  await database.close()
  try {
    await rename(partial, template)
  } catch (error) {
    // Another run made it first: use theirs.
    rmSync(partial, { recursive: true, force: true })
    if (!existsSync(template)) throw error
  }
  return template
}

/** A new folder under `parent` holding a migrated PGlite database (`<folder>/pglite`, where the server opens it). */
export async function preparedDataDir(parent: string = tmpdir(), prefix = 'server-data-'): Promise<string> {
  const template = await templateDataDir()
  const dir = mkdtempSync(join(parent, prefix))
  cpSync(join(template, 'pglite'), join(dir, 'pglite'), { recursive: true })
  return dir
}
