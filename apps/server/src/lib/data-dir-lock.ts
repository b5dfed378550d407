/**
 * One server process per data folder: PGlite is a single-process database, and two processes on the
 * same files would corrupt them. The lock is a proper-lockfile lock directory refreshed every few
 * seconds, so a crashed process's lock goes stale and the next start can take it.
 */
import { mkdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import lockfile from 'proper-lockfile'
import { StartupError } from './startup-error.ts'

export type DataDirLock = { release(): Promise<void> }

function displayPath(dir: string): string {
  const rel = relative(process.cwd(), dir)
  return rel === '' ? '.' : rel.startsWith('..') ? dir : `./${rel}`
}

export async function lockDataDir(
  dataDir: string,
  onCompromised: (error: Error) => void,
): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true })
  try {
    const release = await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, 'server.lock'),
      stale: 15_000,
      update: 5_000,
      retries: 0,
      onCompromised,
    })
    let released = false
    return {
      async release() {
        if (released) return
        released = true
        await release().catch(() => undefined)
      },
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new StartupError(
        `Data folder ${displayPath(dataDir)} is in use by another process; stop it or set DATA_DIR`,
      )
    }
    throw error
  }
}
