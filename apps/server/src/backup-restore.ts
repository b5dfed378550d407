/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (docs/resilience.md, 'Backups'). Reads only
 * DATABASE_URL and DATA_DIR, like `npm run migrate`.
 * - PostgreSQL: `pg_dump --format=custom` (one transaction's snapshot: consistent while servers write) and
 *   `pg_restore --clean --if-exists --single-transaction` (stop the servers first: it replaces every table).
 * - PGlite: a gzip tar of the data folder (PGlite's dumpDataDir). While a server holds the folder the backup asks it
 *   (SIGUSR2, db/backup.ts); otherwise it opens the folder itself. A restore needs the folder free (no server): the
 *   current database is moved aside to `pglite.before-restore-<time>` and the backup loaded in its place.
 * A backup holds IBANs, cards, phones and password hashes: it is written 0600, in a folder made 0700 if it makes one.
 * The database password goes to pg_dump and pg_restore in a passfile, never on their command line (ps shows it).
 */
import { spawnSync } from 'node:child_process'
import {
  closeSync,
  existsSync,
  fchmodSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { describeDatabaseUrl } from './config.ts'
import { BACKUP_REQUEST_FILE, dumpPglite } from './db/backup.ts'
import { openPglite, pgliteExtensions } from './db/client.ts'
import { lockDataDir, readLockOwner } from './lib/data-dir-lock.ts'
import { describeCause } from './lib/startup-error.ts'

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

/** The process holding the PGlite folder, when it runs on this host. */
function serverHolding(dataDir: string): number | undefined {
  try {
    const owner = readLockOwner(dataDir)
    if (owner === undefined || owner.host !== hostname()) return undefined
    process.kill(owner.pid, 0)
    return owner.pid
  } catch {
    return undefined
  }
}

/**
 * Runs a PostgreSQL tool on `url` (`args(url)` places it). A password moves out of the URL into a passfile (0600 in
 * a private temp folder, removed after), so the command line holds none. `stdout`: a descriptor to write to.
 */
function runPg(
  command: string,
  url: string,
  args: (url: string) => string[],
  stdout: 'inherit' | number = 'inherit',
) {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password) || parsed.searchParams.get('password')
  parsed.password = ''
  parsed.searchParams.delete('password')
  const folder = password ? mkdtempSync(join(tmpdir(), 'pgpass-')) : undefined
  let result: ReturnType<typeof spawnSync>
  try {
    const env = { ...process.env }
    if (folder !== undefined) {
      env.PGPASSFILE = join(folder, 'pgpass')
      delete env.PGPASSWORD
      // Any host, port, database and user: the file serves this one call. \ and : escaped (libpq's format).
      writeFileSync(env.PGPASSFILE, `*:*:*:*:${password?.replace(/[\\:]/g, '\\$&')}\n`, { mode: 0o600 })
    }
    result = spawnSync(command, args(parsed.toString()), { stdio: ['ignore', stdout, 'inherit'], env })
  } finally {
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true })
  }
  if (result.error) fail(`${command} could not run: ${result.error.message}`)
  if (result.status !== 0) fail(`${command} failed (exit ${result.status})`)
}

/** The backup file, open for writing and readable by its owner only (an older file at the path is made so too). */
function openPrivate(path: string): number {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  const fd = openSync(path, 'w', 0o600)
  fchmodSync(fd, 0o600)
  return fd
}

async function backupPglite(dataDir: string, target: string): Promise<string> {
  const pid = serverHolding(dataDir)
  if (pid !== undefined) {
    rmSync(`${target}.error`, { force: true })
    writeFileSync(join(dataDir, BACKUP_REQUEST_FILE), target)
    process.kill(pid, 'SIGUSR2')
    const deadline = Date.now() + 10 * 60_000
    while (!existsSync(target)) {
      if (existsSync(`${target}.error`))
        fail(`The server could not write the backup: ${readFileSync(`${target}.error`, 'utf8')}`)
      if (Date.now() > deadline) fail(`The server (pid ${pid}) wrote no backup within 10 minutes`)
      await new Promise((done) => setTimeout(done, 100))
    }
    return `PGlite in ${dataDir}, dumped by its server (pid ${pid})`
  }
  const lock = await lockDataDir(dataDir, () => process.exit(1))
  try {
    const database = await openPglite(dataDir)
    try {
      if (database.kind !== 'pglite') throw new Error('not PGlite')
      await dumpPglite(database.client, target)
    } finally {
      await database.close()
    }
  } finally {
    await lock.release()
  }
  return `PGlite in ${dataDir}`
}

async function restorePglite(dataDir: string, source: string): Promise<string> {
  // Refuses in one line while a server holds the folder.
  const lock = await lockDataDir(dataDir, () => process.exit(1))
  try {
    const folder = join(dataDir, 'pglite')
    const aside = `${folder}.before-restore-${new Date().toISOString().replaceAll(':', '-')}`
    if (existsSync(folder)) renameSync(folder, aside)
    const client = await PGlite.create(folder, {
      extensions: pgliteExtensions,
      loadDataDir: new Blob([readFileSync(source)]),
    })
    await client.query('select 1')
    await client.close()
    return `PGlite in ${dataDir} (the database it had is in ${aside})`
  } finally {
    await lock.release()
  }
}

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2)
  if ((command !== 'backup' && command !== 'restore') || !file) {
    fail('Usage: npm run backup -- <file> | npm run restore -- <file>')
  }
  const path = resolve(file as string)
  const url = process.env.DATABASE_URL?.trim() || undefined
  const dataDir = resolve(process.env.DATA_DIR?.trim() || './data')
  const started = Date.now()
  let what: string
  if (command === 'backup') {
    if (url !== undefined) {
      const fd = openPrivate(path)
      try {
        runPg('pg_dump', url, (safe) => ['--format=custom', '--no-owner', safe], fd)
      } finally {
        closeSync(fd)
      }
      what = describeDatabaseUrl(url)
    } else {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
      what = await backupPglite(dataDir, path)
    }
  } else {
    if (!existsSync(path)) fail(`No backup at ${path}`)
    if (url !== undefined) {
      runPg('pg_restore', url, (safe) => [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        '--dbname',
        safe,
        path,
      ])
      what = describeDatabaseUrl(url)
    } else what = await restorePglite(dataDir, path)
  }
  const size = statSync(path).size
  const verb = command === 'backup' ? `backed up to ${path}` : `restored from ${path}`
  process.stdout.write(`${what}: ${verb} (${size} bytes) in ${Date.now() - started} ms\n`)
}

main().catch((error: unknown) => fail(`${process.argv[2]} failed: ${describeCause(error)}`))
