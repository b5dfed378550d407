/**
 * One server process per data folder: PGlite is a single-process database, and two processes on the
 * same files would corrupt them. The lock is a proper-lockfile lock directory refreshed every few
 * seconds, so a crashed process's lock goes stale and the next start can take it. Beside it, the owner's
 * process id and host: a start right after a crash (SIGKILL, power loss in a container) finds the owner gone
 * and takes the lock at once instead of waiting for it to go stale.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join, relative } from 'node:path'
import lockfile from 'proper-lockfile'
import { StartupError } from './startup-error.ts'

export type DataDirLock = { release(): Promise<void> }

function displayPath(dir: string): string {
  const rel = relative(process.cwd(), dir)
  return rel === '' ? '.' : rel.startsWith('..') ? dir : `./${rel}`
}

type Owner = { pid: number; host: string }

function readOwner(file: string): Owner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<Owner>
    return typeof owner.pid === 'number' && typeof owner.host === 'string'
      ? { pid: owner.pid, host: owner.host }
      : undefined
  } catch {
    return undefined
  }
}

/** True only when the owner was on this host and its process is gone (our own pid: a reused id, gone too). */
function ownerIsGone(owner: Owner | undefined): boolean {
  if (owner === undefined || owner.host !== hostname()) return false
  if (owner.pid === process.pid) return true
  try {
    process.kill(owner.pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

export async function lockDataDir(
  dataDir: string,
  onCompromised: (error: Error) => void,
): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true })
  const lockPath = join(dataDir, 'server.lock')
  const ownerFile = join(dataDir, 'server.lock.owner')
  const lock = () =>
    lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      stale: 15_000,
      update: 5_000,
      retries: 0,
      onCompromised,
    })
  try {
    let release: () => Promise<void>
    try {
      release = await lock()
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED' || !ownerIsGone(readOwner(ownerFile)))
        throw error
      // The owner crashed: its lock is left over, not held.
      rmSync(lockPath, { recursive: true, force: true })
      release = await lock()
    }
    writeFileSync(ownerFile, JSON.stringify({ pid: process.pid, host: hostname() } satisfies Owner))
    let released = false
    return {
      async release() {
        if (released) return
        released = true
        rmSync(ownerFile, { force: true })
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
