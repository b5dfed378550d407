/**
 * One server process per data folder: PGlite is a single-process database, and two processes on the same files would
 * corrupt them. The lock is the file `server.lock`, made by an exclusive create (of two starts, one makes it), that
 * names its owner: process id, host and a random token. The owner touches it every 5 s. A start that finds it takes
 * it over when its owner is gone: at once when the owner ran on this host and its process is gone (a crash, SIGKILL,
 * power loss in a container), else once the file is 15 s untouched. Each touch first checks that the file is still
 * the owner's: a lock removed or taken over is lost, and `onCompromised` stops the server.
 */
import { randomUUID } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join, relative } from 'node:path'
import { StartupError } from './startup-error.ts'

export type DataDirLock = { release(): Promise<void> }
export type LockOwner = { pid: number; host: string; token: string }

const LOCK_FILE = 'server.lock'
const TOUCH_MS = 5_000
const STALE_MS = 15_000

function displayPath(dir: string): string {
  const rel = relative(process.cwd(), dir)
  return rel === '' ? '.' : rel.startsWith('..') ? dir : `./${rel}`
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>
    return typeof owner.pid === 'number' && typeof owner.host === 'string' && typeof owner.token === 'string'
      ? { pid: owner.pid, host: owner.host, token: owner.token }
      : undefined
  } catch {
    return undefined
  }
}

/** Who holds the folder's lock (backup-restore.ts signals it), or undefined. */
export const readLockOwner = (dataDir: string) => readOwner(join(dataDir, LOCK_FILE))

/** True only when the owner was on this host and its process is gone (our own pid: a reused id, gone too). */
function ownerIsGone(owner: LockOwner | undefined): boolean {
  if (owner === undefined || owner.host !== hostname()) return false
  if (owner.pid === process.pid) return true
  try {
    process.kill(owner.pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

/** A lock whose owner is gone, or that nobody touched for STALE_MS (its owner on another host, or hung). */
function isLeftOver(file: string): boolean {
  if (ownerIsGone(readOwner(file))) return true
  try {
    return Date.now() - statSync(file).mtimeMs > STALE_MS
  } catch {
    return true // gone meanwhile
  }
}

/** Makes the lock file naming `owner`, unless it exists. */
function create(file: string, owner: LockOwner): boolean {
  try {
    writeFileSync(file, JSON.stringify(owner), { flag: 'wx' })
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

export async function lockDataDir(
  dataDir: string,
  onCompromised: (error: Error) => void,
): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, LOCK_FILE)
  const owner: LockOwner = { pid: process.pid, host: hostname(), token: randomUUID() }
  const isOurs = () => readOwner(file)?.token === owner.token
  if (!create(file, owner)) {
    const inUse = new StartupError(
      `Data folder ${displayPath(dataDir)} is in use by another process; stop it or set DATA_DIR`,
    )
    if (!isLeftOver(file)) throw inUse
    // recursive: servers before this one left a lock directory here.
    rmSync(file, { recursive: true, force: true })
    if (!create(file, owner)) throw inUse
  }
  const touch = setInterval(() => {
    try {
      if (!isOurs()) throw new Error(`${LOCK_FILE} was removed or taken over`)
      const now = new Date()
      utimesSync(file, now, now)
    } catch (error) {
      clearInterval(touch)
      onCompromised(error as Error)
    }
  }, TOUCH_MS)
  touch.unref()
  return {
    async release() {
      clearInterval(touch)
      if (isOurs()) rmSync(file, { force: true })
    },
  }
}
