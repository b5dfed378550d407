/**
 * Creating and migrating a PGlite instance costs seconds; restoring a dump costs about one.
 * So: migrate once, dump the data folder to a file, and let each test file restore it. The dump is
 * kept in the temp folder under a name derived from the migrations and the PGlite version, so later
 * runs reuse it until either changes.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { pgliteExtensions, wrapPglite } from '../src/db/client.ts'
import { MIGRATIONS_FOLDER, migrateDatabase } from '../src/db/migrate.ts'

function snapshotKey(): string {
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

export default async function setup(project: TestProject) {
  const path = join(tmpdir(), `server-test-pglite-${snapshotKey()}.tar`)
  if (!existsSync(path)) {
    const database = wrapPglite(await PGlite.create({ extensions: pgliteExtensions }))
    await migrateDatabase(database)
    const snapshot = await database.client.dumpDataDir('none')
    await database.close()
    // Write then rename: a concurrent run never reads a half-written file.
    const partial = `${path}.${process.pid}.partial`
    await writeFile(partial, Buffer.from(await snapshot.arrayBuffer()))
    await rename(partial, path)
  }
  project.provide('pgliteSnapshotPath', path)
}
