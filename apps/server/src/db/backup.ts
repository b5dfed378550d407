/**
 * Backups of a PGlite folder while its server runs (docs/resilience.md, 'Backups'). PGlite is one process per folder
 * and the server holds its lock (lib/data-dir-lock.ts), so `npm run backup` cannot open it: it writes the target path
 * into `DATA_DIR/backup-request` and sends the server SIGUSR2. The server dumps its data folder with PGlite's
 * `dumpDataDir` (a gzip tar made between two queries, so a consistent copy), writes it beside the target and renames
 * it into place, or writes the error into `<target>.error`.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { FastifyBaseLogger } from 'fastify'

export const BACKUP_REQUEST_FILE = 'backup-request'

/** Writes a gzip tar of the PGlite data folder to `target` (through a temporary file and a rename). */
export async function dumpPglite(client: PGlite, target: string): Promise<number> {
  const dump = await client.dumpDataDir('gzip')
  const bytes = Buffer.from(await dump.arrayBuffer())
  const partial = `${target}.partial`
  writeFileSync(partial, bytes, { mode: 0o600 })
  renameSync(partial, target)
  return bytes.length
}

/** The server's side: SIGUSR2 dumps the folder to the path the request file names. Answers the stop. */
export function answerBackupRequests(client: PGlite, dataDir: string, log: FastifyBaseLogger): () => void {
  const onSignal = () => {
    let target: string
    try {
      target = readFileSync(join(dataDir, BACKUP_REQUEST_FILE), 'utf8').trim()
      rmSync(join(dataDir, BACKUP_REQUEST_FILE), { force: true })
    } catch {
      log.warn('SIGUSR2 without a backup request: nothing dumped')
      return
    }
    const started = Date.now()
    dumpPglite(client, target)
      .then((bytes) => log.info({ target, bytes, ms: Date.now() - started }, 'backup written'))
      .catch((error: unknown) => {
        writeFileSync(`${target}.error`, String((error as Error).message ?? error))
        log.error({ err: error, target }, 'backup failed')
      })
  }
  process.on('SIGUSR2', onSignal)
  return () => process.off('SIGUSR2', onSignal)
}
