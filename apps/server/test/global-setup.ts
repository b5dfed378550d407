/**
 * Creating and migrating a PGlite instance costs seconds; restoring a dump costs about one.
 * So: migrate once, dump the data folder to a file, and let each test file restore it. The dump is
 * kept in the temp folder under a name derived from the migrations and the PGlite version, so later
 * runs reuse it until either changes.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { rename, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { pgliteExtensions, wrapPglite } from '../src/db/client.ts'
import { migrateDatabase } from '../src/db/migrate.ts'
import { pgliteSnapshotKey } from './helpers/prepared-data-dir.ts'
import { bundleServerEntries } from './helpers/server-bundle.ts'

export default async function setup(project: TestProject) {
  // The ops CLI's project runs this setup too: one bundle and one data root per run.
  const removeBundle = process.env.TEST_SERVER_BUNDLE_DIR ? undefined : await bundleServerEntries()
  const removeDataRoot = process.env.TEST_DATA_ROOT ? undefined : makeDataRoot()
  const path = join(tmpdir(), `server-test-pglite-${pgliteSnapshotKey()}.tar`)
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
  return () => {
    removeBundle?.()
    removeDataRoot?.()
  }
}

/** The folder the workers' test configs make their data folders in (helpers/app.ts), removed after the run. */
function makeDataRoot(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'server-test-data-'))
  process.env.TEST_DATA_ROOT = root
  return () => rmSync(root, { recursive: true, force: true })
}
