/**
 * Creating and migrating a PGlite instance costs seconds; restoring a dump costs about one.
 * So: migrate once here, dump the data folder to a temp file, and let each test file restore it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { pgliteExtensions, wrapPglite } from '../src/db/client.ts'
import { migrateDatabase } from '../src/db/migrate.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'server-test-snapshot-'))
  const database = wrapPglite(await PGlite.create({ extensions: pgliteExtensions }))
  await migrateDatabase(database)
  const snapshot = await database.client.dumpDataDir('none')
  await database.close()
  const path = join(dir, 'migrated.tar')
  await writeFile(path, Buffer.from(await snapshot.arrayBuffer()))
  project.provide('pgliteSnapshotPath', path)
  return async () => {
    await rm(dir, { recursive: true, force: true })
  }
}
