/**
 * `npm start` (scripts/start.mjs) stops the server it started: SIGINT and SIGTERM reach the server, the script
 * exits once the server has stopped, and the data folder's lock is free for the next start; the same when only
 * `npm start`'s own process is signalled, as a supervisor does, or killed outright.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { lockDataDir } from '../src/lib/data-dir-lock.ts'
import { preparedDataDir } from './helpers/prepared-data-dir.ts'
import { type SpawnedServer, spawnFromRoot, waitHealthy } from './helpers/spawn-server.ts'

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const started: SpawnedServer[] = []
const dirs: string[] = []
let nextPort = 19_600 + Math.floor(Math.random() * 1000)

afterAll(() => {
  for (const { child } of started) if (child.exitCode === null) child.kill('SIGKILL')
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

function track(process: SpawnedServer): SpawnedServer {
  started.push(process)
  return process
}

/** The start script without the mini-app build check: these tests are about the process, not the build. */
const env = (port: number, dataDir: string) => ({
  PORT: String(port),
  DATA_DIR: dataDir,
  SKIP_WEB_BUILD: '1',
})

function serverPid(dataDir: string): number {
  const owner = JSON.parse(readFileSync(join(dataDir, 'server.lock'), 'utf8')) as { pid: unknown }
  if (typeof owner.pid !== 'number') throw new Error('the lock file names no pid')
  return owner.pid
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function waitGone(pid: number, timeoutMs = 15_000): Promise<boolean> {
  const t0 = Date.now()
  while (Date.now() - t0 < timeoutMs) {
    if (!isAlive(pid)) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return false
}

/** What the promise gives, or 'timed out' after the given time. */
function within<T>(promise: Promise<T>, timeoutMs: number): Promise<T | 'timed out'> {
  return Promise.race([
    promise,
    new Promise<'timed out'>((resolve) => setTimeout(resolve, timeoutMs, 'timed out')),
  ])
}

/**
 * The data folder's lock is free: no lock or owner file left, and the next start's own lock call takes it. One test
 * below also starts a second server on the folder; the others check the lock alone (a start costs CPU).
 */
async function expectLockFree(dataDir: string): Promise<void> {
  expect(existsSync(join(dataDir, 'server.lock'))).toBe(false)
  expect(existsSync(join(dataDir, 'server.lock.owner'))).toBe(false)
  const lock = await lockDataDir(dataDir, (error) => {
    throw error
  })
  await lock.release()
}

/** A second start on the same data folder becomes healthy: the stop left both the lock and the database usable. */
async function expectNextStart(dataDir: string): Promise<void> {
  const port = nextPort++
  const second = track(spawnFromRoot(process.execPath, ['scripts/start.mjs'], env(port, dataDir)))
  await waitHealthy(port, second)
  second.child.kill('SIGTERM')
  expect(await second.exited).toBe(0)
}

/** `npm start` as a supervisor runs it, once healthy: npm's process, the server's pid, its data folder. */
async function npmStart() {
  const port = nextPort++
  const dataDir = await preparedDataDir(tmpdir(), 'start-script-')
  dirs.push(dataDir)
  const npm = track(spawnFromRoot('npm', ['start', '--silent'], env(port, dataDir)))
  await waitHealthy(port, npm)
  return { npm, server: serverPid(dataDir), dataDir }
}

describe('scripts/start.mjs', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`passes ${signal} to the server, exits with its code, and frees the data folder`, async () => {
      const port = nextPort++
      const dataDir = await preparedDataDir(tmpdir(), 'start-script-')
      dirs.push(dataDir)
      const script = track(spawnFromRoot(process.execPath, ['scripts/start.mjs'], env(port, dataDir)))
      await waitHealthy(port, script)
      const server = serverPid(dataDir)
      expect(server).not.toBe(script.child.pid)

      script.child.kill(signal)
      expect(await script.exited).toBe(0)
      expect(await waitGone(server)).toBe(true)
      await expectLockFree(dataDir)
      if (signal === 'SIGTERM') await expectNextStart(dataDir)
    }, 90_000)
  }

  // A supervisor signals only the pid it started: PM2 sends SIGINT, systemd and Docker SIGTERM. npm passes both to
  // the script's process, which must then be the start script itself, not a shell waiting for it.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`stops the server when \`npm start\` alone gets ${signal}, and npm exits`, async () => {
      const { npm, server, dataDir } = await npmStart()
      npm.child.kill(signal)
      expect(await waitGone(server)).toBe(true)
      expect(await within(npm.exited, 15_000)).toBe(0)
      await expectLockFree(dataDir)
    }, 90_000)
  }

  it('stops the server when `npm start` is SIGKILLed (the script notices its parent is gone)', async () => {
    const { npm, server, dataDir } = await npmStart()
    npm.child.kill('SIGKILL')
    expect(await waitGone(server)).toBe(true)
    await expectLockFree(dataDir)
  }, 90_000)

  // No compiler or loader at run time in production: Node runs the entry's TypeScript itself (type stripping).
  it('runs the production entry on node alone, no tsx or other loader', async () => {
    const port = nextPort++
    const dataDir = await preparedDataDir(tmpdir(), 'start-script-')
    dirs.push(dataDir)
    const script = track(
      spawnFromRoot(process.execPath, ['scripts/start.mjs'], {
        ...env(port, dataDir),
        NODE_ENV: 'production',
        TELEGRAM_BOT_TOKEN: '1:test',
        ACCOUNT_PROVIDER: 'sandbox',
        SECRETS_KEY: '0'.repeat(64),
        // Production needs the chain endpoints unless told to record payouts unchecked (docs/transactions.md).
        CHAIN_VERIFICATION: 'off',
      }),
    )
    await waitHealthy(port, script)
    const server = serverPid(dataDir)
    const commandLine = readFileSync(`/proc/${server}/cmdline`, 'utf8').split('\0').filter(Boolean)
    expect(commandLine).toEqual([process.execPath, join(REPO_ROOT, 'apps/server/src/server.ts')])
    const environment = readFileSync(`/proc/${server}/environ`, 'utf8').split('\0')
    expect(environment.filter((line) => line.startsWith('NODE_OPTIONS='))).toEqual([])
    script.child.kill('SIGTERM')
    expect(await script.exited).toBe(0)
  }, 90_000)

  it('a stop during the mini-app build stops the build too (its whole process group)', async () => {
    // Stands in for `npm run build`: a shell (as npm runs one) whose child prints its pid and keeps running.
    const driver = [
      "import { runStoppable } from './scripts/web-build.mjs'",
      "const result = await runStoppable('sh', ['-c', 'node -e \"console.log(process.pid); setInterval(() => {}, 1000)\"'])",
      'process.exit(result.code ?? 1)',
    ].join('\n')
    const run = track(spawnFromRoot(process.execPath, ['--input-type=module', '-e', driver], {}))
    let buildPid = 0
    for (let i = 0; i < 100 && buildPid === 0; i++) {
      buildPid = Number.parseInt(run.output().stdout, 10) || 0
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(buildPid).toBeGreaterThan(0)
    expect(isAlive(buildPid)).toBe(true)

    run.child.kill('SIGTERM')
    expect(await run.exited).not.toBe(0)
    expect(await waitGone(buildPid)).toBe(true)
  }, 30_000)
})
