/**
 * Start-up and shutdown of the real process (`server.ts`). A real start runs from the source as `npm start` runs it;
 * a refusal at start-up from the run's bundle (helpers/server-bundle.ts: a cheaper start).
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { preparedDataDir } from './helpers/prepared-data-dir.ts'
import { serverArgs } from './helpers/server-bundle.ts'
import { type SpawnedServer, spawnFromRoot, spawnServer, waitHealthy } from './helpers/spawn-server.ts'

const dirs: string[] = []
const children: ChildProcess[] = []

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'server-start-'))
  dirs.push(dir)
  return dir
}

/** A folder with a migrated database already (prepared-data-dir.ts); the first test starts on an empty one. */
async function migratedDataDir(): Promise<string> {
  const dir = await preparedDataDir(tmpdir(), 'server-start-')
  dirs.push(dir)
  return dir
}

function start(env: Record<string, string>, from: 'bundle' | 'source' = 'bundle'): SpawnedServer {
  const started = spawnServer(env, from)
  children.push(started.child)
  return started
}

let nextPort = 18_500 + Math.floor(Math.random() * 1000)

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('server start-up', () => {
  // The two tests that wait for a real start (tsx, a fresh PGlite, migrations, demo data) get 90 s: beside the rest
  // of the suite on a loaded 2-core machine it took longer than 30 s.
  it('starts, answers /healthz, prints the URL, and stops cleanly on SIGTERM', async () => {
    const port = nextPort++
    const dataDir = tempDataDir()
    const server = start({ PORT: String(port), DATA_DIR: dataDir }, 'source')
    const ms = await waitHealthy(port, server)
    console.log(`server.ts: first healthy answer after ${ms} ms`)
    expect(server.output().stdout).toContain(
      `Ready on http://localhost:${port}  (simulator: http://localhost:${port}/simulator)`,
    )
    // A second process on the same data folder is refused while the first runs.
    const second = start({ PORT: String(nextPort++), DATA_DIR: dataDir })
    expect(await second.exited).toBe(1)
    expect(second.output().stderr).toMatch(
      /^Data folder \S+ is in use by another process; stop it or set DATA_DIR\n$/,
    )

    const t0 = Date.now()
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    console.log(`server.ts: stopped ${Date.now() - t0} ms after SIGTERM`)
    expect(server.output().stderr).toBe('')
  }, 90_000)

  it('refuses production without an explicit ACCOUNT_PROVIDER, with one line', async () => {
    const server = start({
      NODE_ENV: 'production',
      TELEGRAM_BOT_TOKEN: '1:test',
      PORT: String(nextPort++),
      DATA_DIR: tempDataDir(),
    })
    expect(await server.exited).toBe(1)
    expect(server.output().stderr).toMatch(/^ACCOUNT_PROVIDER is required in production; .*'sandbox'.*\n$/)
  })

  it('runs production on the sandbox only when named, warning at start-up; its table is not served', async () => {
    const port = nextPort++
    const loads = join(tempDataDir(), 'loaded-modules.txt')
    const server = start(
      {
        // The production entry loads nothing of the development tools (apps/server/dev).
        NODE_OPTIONS: `--import ${pathToFileURL(fileURLToPath(new URL('./helpers/record-loads.mjs', import.meta.url)))}`,
        RECORD_LOADS_FILE: loads,
        NODE_ENV: 'production',
        TELEGRAM_BOT_TOKEN: '1:test',
        ACCOUNT_PROVIDER: 'sandbox',
        CHAIN_VERIFICATION: 'off',
        // The generated auth secret is stored sealed: production names the key.
        SECRETS_KEY: '0'.repeat(64),
        PORT: String(port),
        DATA_DIR: await migratedDataDir(),
      },
      'source',
    )
    await waitHealthy(port, server)
    expect(server.output().stdout).toContain('ACCOUNT_PROVIDER=sandbox in production')
    const table = await fetch(`http://127.0.0.1:${port}/sandbox/scenarios`, {
      headers: { accept: 'application/json' },
    })
    expect(table.status).toBe(404)
    const loaded = readFileSync(loads, 'utf8').split('\n')
    expect(loaded.some((url) => url.endsWith('/apps/server/src/app.ts'))).toBe(true)
    expect(loaded.filter((url) => url.includes('/apps/server/dev/'))).toEqual([])
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  }, 90_000)

  it('refuses the simulator and demo data in production, whose entry has no development tools', async () => {
    const server = start({
      NODE_ENV: 'production',
      TELEGRAM_BOT_TOKEN: '1:test',
      ACCOUNT_PROVIDER: 'sandbox',
      CHAIN_VERIFICATION: 'off',
      SECRETS_KEY: '0'.repeat(64),
      SIMULATOR: 'true',
      DEMO_DATA: 'true',
      PORT: String(nextPort++),
      DATA_DIR: await migratedDataDir(),
    })
    expect(await server.exited).toBe(1)
    expect(server.output().stderr).toMatch(
      /^SIMULATOR, DEMO_DATA need the development tools, which this entry does not load: .*dev\/server\.ts.*\n$/,
    )
  }, 90_000)

  it('refuses production without TELEGRAM_BOT_TOKEN, with one line', async () => {
    const server = start({ NODE_ENV: 'production', PORT: String(nextPort++), DATA_DIR: tempDataDir() })
    expect(await server.exited).toBe(1)
    expect(server.output().stderr).toBe(
      'TELEGRAM_BOT_TOKEN is required in production (NODE_ENV=production)\n',
    )
  })

  it("refuses NODE_ENV=test on the production entry (the test suites' cheap password hashes), with one line", async () => {
    const server = spawnFromRoot(process.execPath, serverArgs('production'), {
      NODE_ENV: 'test',
      PORT: String(nextPort++),
      DATA_DIR: tempDataDir(),
    })
    children.push(server.child)
    expect(await server.exited).toBe(1)
    expect(server.output().stderr).toBe(
      'NODE_ENV=test is for the test suites; the production entry refuses it\n',
    )
  })

  it('refuses an unreachable DATABASE_URL, with one line and no password', async () => {
    const server = start({
      PORT: String(nextPort++),
      DATA_DIR: tempDataDir(),
      DATABASE_URL: 'postgres://postgres:hunter2@127.0.0.1:1/x',
    })
    expect(await server.exited).toBe(1)
    const { stderr } = server.output()
    expect(stderr).toBe(
      'Cannot connect to the database at postgres://postgres:***@127.0.0.1:1/x: ECONNREFUSED\n',
    )
  })

  it('refuses TRUST_PROXY=true in production (any client could claim any address), with one line', async () => {
    const server = start({
      NODE_ENV: 'production',
      TELEGRAM_BOT_TOKEN: '1:test',
      ACCOUNT_PROVIDER: 'sandbox',
      CHAIN_VERIFICATION: 'off',
      SECRETS_KEY: '0'.repeat(64),
      TRUST_PROXY: 'true',
      PORT: String(nextPort++),
      DATA_DIR: tempDataDir(),
    })
    expect(await server.exited).toBe(1)
    expect(server.output().stderr).toMatch(
      /^TRUST_PROXY=true trusts every X-Forwarded-For entry, .*TRUST_PROXY=1.*\n$/,
    )
  })

  it('refuses an invalid setting, with one line', async () => {
    const server = start({ PORT: 'eighty', DATA_DIR: tempDataDir() })
    expect(await server.exited).toBe(1)
    expect(server.output().stderr).toMatch(/^Invalid configuration: PORT .+\n$/)
  })
})
