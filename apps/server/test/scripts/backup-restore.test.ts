/**
 * `npm run backup` while the server runs and writes, then `npm run restore` (docs/resilience.md, 'Backups'): on PGlite
 * (the running server dumps its folder on SIGUSR2) and on a throwaway PostgreSQL (pg_dump, pg_restore). Rows written
 * before the backup are back after the restore, rows written after it are gone, and the ledger check is clean. A
 * backup is readable by its owner only, and the database password never reaches a command line.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { TEST_AUTH_SECRET, TEST_OPS_TOKEN } from '../helpers/app.ts'
import { TEST_BOT_TOKEN } from '../helpers/init-data.ts'
import { SPAWNED_NODE_FLAGS } from '../helpers/server-bundle.ts'
import {
  freePort,
  spawnFromRoot,
  spawnServer,
  useProcessFixtures,
  waitHealthy,
} from '../helpers/spawn-server.ts'
import {
  canRunPostgres,
  createThrowawayDatabase,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../helpers/throwaway-services.ts'

const fixtures = useProcessFixtures('backup-')
let postgres: ThrowawayPostgres | undefined
afterAll(async () => postgres?.destroy())

async function command(env: Record<string, string>, ...args: string[]) {
  const run = spawnFromRoot(
    process.execPath,
    [...SPAWNED_NODE_FLAGS, 'apps/server/src/backup-restore.ts', ...args],
    env,
  )
  const code = await run.exited
  const { stdout, stderr } = run.output()
  if (code !== 0) throw new Error(`${args.join(' ')} exited ${code}: ${stderr}`)
  return stdout.trim()
}

describe.each([
  ['PGlite', false],
  ['PostgreSQL', true],
] as const)('backup and restore on %s', (_kind, onPostgres) => {
  it.runIf(!onPostgres || canRunPostgres)(
    'backs up while the server writes, restores, finds the backup rows and a clean ledger',
    async () => {
      const storage: Record<string, string> = { DATA_DIR: await fixtures.preparedDir() }
      if (onPostgres) {
        postgres ??= await startThrowawayPostgres()
        storage.DATABASE_URL = await createThrowawayDatabase(postgres, `backup_${Date.now()}`)
      }
      const port = await freePort()
      const start = async () => {
        const server = fixtures.adopt(
          spawnServer({
            NODE_ENV: 'test',
            PORT: String(port),
            ...storage,
            TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
            AUTH_SECRET: TEST_AUTH_SECRET,
            OPS_TOKEN: TEST_OPS_TOKEN,
            DEMO_DATA: 'false',
            SIMULATOR: 'false',
            BOT_POLLING: 'false',
          }),
        )
        await waitHealthy(port, server)
        return server
      }
      const base = `http://127.0.0.1:${port}`
      const headers = { authorization: `Bearer ${TEST_OPS_TOKEN}`, 'content-type': 'application/json' }
      const publish = async (title: string) => {
        const response = await fetch(`${base}/ops/news`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ en: { title, body: 'b' } }),
        })
        expect(response.status).toBe(201)
      }

      let server = await start()
      for (const title of ['before 1', 'before 2', 'before 3']) await publish(title)
      const file = `${fixtures.tempDir()}/backup`
      // Writes go on while the backup runs: it must be a consistent copy all the same.
      let writing = true
      let during = 0
      // At most 90, paced: the restored list is read as one page of 100 (a loaded machine once wrote 111).
      const writer = (async () => {
        while (writing && during < 90) {
          await publish(`during ${++during}`)
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
      })()
      const backupStarted = Date.now()
      const backedUp = await command(storage, 'backup', file)
      const backupMs = Date.now() - backupStarted
      expect(statSync(file).mode & 0o777).toBe(0o600)
      writing = false
      await writer
      for (const title of ['after 1', 'after 2']) await publish(title)
      await server.stop()

      const restoreStarted = Date.now()
      const restored = await command(storage, 'restore', file)
      const restoreMs = Date.now() - restoreStarted
      console.log(`${backedUp}\n${restored}\nbackup ${backupMs} ms, restore ${restoreMs} ms`)

      server = await start()
      const list = await fetch(`${base}/ops/news?limit=100`, { headers })
      const titles = ((await list.json()) as { en: { title: string } }[]).map((news) => news.en.title)
      expect(titles).toEqual(expect.arrayContaining(['before 1', 'before 2', 'before 3']))
      expect(titles).not.toContain('after 1')
      expect(titles).not.toContain('after 2')
      // A consistent copy: the writes made during the backup are there up to one of them, none missing before it.
      const kept = titles
        .filter((title) => title.startsWith('during '))
        .map((title) => Number(title.slice(7)))
      expect(kept.sort((a, b) => a - b)).toEqual(Array.from({ length: kept.length }, (_, i) => i + 1))
      const ledger = await fetch(`${base}/ops/ledger`, { headers })
      expect(ledger.status).toBe(200)
      expect(((await ledger.json()) as { problems: string[] }).problems).toEqual([])
      await server.stop()
    },
    180_000,
  )
})

const modeOf = (path: string) => statSync(path).mode & 0o777

it.runIf(canRunPostgres)(
  'PostgreSQL: the password reaches pg_dump and pg_restore through a passfile, never their command line; dumps are 0600',
  async () => {
    // : and \\ are escaped in a passfile, @ and / in a URL.
    const password = `p:w\\${randomBytes(8).toString('hex')}@/`
    const secured = await startThrowawayPostgres({ password })
    fixtures.closeLater(() => secured.destroy())
    const url = await createThrowawayDatabase(secured, `secret_${Date.now()}`)
    // The real tools, each behind a shim that writes down its command line as ps shows it (/proc/<pid>/cmdline).
    const shims = fixtures.tempDir()
    const seen = join(shims, 'command-lines')
    for (const tool of ['pg_dump', 'pg_restore']) {
      const real = execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim()
      writeFileSync(
        join(shims, tool),
        `#!/bin/sh\ntr '\\0' ' ' < /proc/$$/cmdline >> '${seen}'\necho >> '${seen}'\nexec '${real}' "$@"\n`,
        { mode: 0o755 },
      )
    }
    const env = { DATABASE_URL: url, PATH: `${shims}:${process.env.PATH ?? ''}` }
    const file = join(fixtures.tempDir(), 'dump')
    await command(env, 'backup', file)
    expect(modeOf(file)).toBe(0o600)
    // An older dump left readable by all at the path: the new one is private all the same.
    chmodSync(file, 0o644)
    await command(env, 'backup', file)
    expect(modeOf(file)).toBe(0o600)
    await command(env, 'restore', file)
    const lines = readFileSync(seen, 'utf8').trim().split('\n')
    expect(lines.map((line) => line.split(' ')[1]?.split('/').at(-1))).toEqual([
      'pg_dump',
      'pg_dump',
      'pg_restore',
    ])
    for (const line of lines) {
      expect(line).toContain(`127.0.0.1:${secured.port}`)
      expect(line).not.toContain(password)
      expect(line).not.toContain(encodeURIComponent(password))
    }
    // A folder the backup makes is its owner's only.
    const folder = join(fixtures.tempDir(), 'backups', 'daily')
    await command(env, 'backup', join(folder, 'dump'))
    expect([modeOf(folder), modeOf(join(folder, 'dump'))]).toEqual([0o700, 0o600])
  },
  120_000,
)
