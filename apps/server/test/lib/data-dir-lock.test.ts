/**
 * The data folder's lock (lib/data-dir-lock.ts) between real processes: a child process holds it, as a running server
 * does. The whole servers meet it in server.test.ts (a second start refused), start-script.test.ts (free after a stop)
 * and money/crash-replay.test.ts (a SIGKILLed server's lock taken at once).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { lockDataDir } from '#lib/data-dir-lock.ts'

const LOCK_MODULE = fileURLToPath(new URL('../../src/lib/data-dir-lock.ts', import.meta.url))
const IN_USE = /^Data folder \S+ is in use by another process; stop it or set DATA_DIR$/
const dirs: string[] = []
const children: ChildProcess[] = []

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
afterEach(() => vi.useRealTimers())

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'data-dir-lock-'))
  dirs.push(dir)
  return dir
}

const noCompromise = (error: Error) => {
  throw error
}

/** Another process that takes the folder's lock and holds it until it is killed. */
async function holder(dir: string): Promise<ChildProcess> {
  const script = `const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)})
await lockDataDir(${JSON.stringify(dir)}, () => process.exit(3))
process.stdout.write('locked')
setInterval(() => {}, 1000)`
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'pipe' })
  children.push(child)
  let stderr = ''
  child.stderr?.on('data', (chunk) => (stderr += chunk))
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve())
    child.once('exit', (code) => reject(new Error(`the holder exited ${code}: ${stderr}`)))
  })
  return child
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })

/** The lock file as another host's server would leave it, touched `secondsAgo`. */
function otherHostsLock(dir: string, secondsAgo: number): string {
  const file = join(dir, 'server.lock')
  writeFileSync(file, JSON.stringify({ pid: process.pid, host: 'another-host', token: 'theirs' }))
  const when = new Date(Date.now() - secondsAgo * 1000)
  utimesSync(file, when, when)
  return file
}

describe('data folder lock', () => {
  it('refuses a folder a live process holds, with the one-line reason, and takes it at once when that process is killed', async () => {
    const dir = dataDir()
    const child = await holder(dir)
    await expect(lockDataDir(dir, noCompromise)).rejects.toThrow(IN_USE)
    await killed(child)
    // Its lock is left over: no wait for it to go stale.
    const started = Date.now()
    const lock = await lockDataDir(dir, noCompromise)
    expect(Date.now() - started).toBeLessThan(2_000)
    await lock.release()
  })

  it('holds the lock until released, then the next one takes it', async () => {
    const dir = dataDir()
    const first = await lockDataDir(dir, noCompromise)
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)})
await lockDataDir(${JSON.stringify(dir)}, () => {}).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(1) })`,
      ],
      { stdio: 'pipe' },
    )
    children.push(child)
    let stderr = ''
    child.stderr?.on('data', (chunk) => (stderr += chunk))
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1)
    expect(stderr.trim()).toMatch(IN_USE)
    await first.release()
    await first.release() // twice is harmless
    const second = await lockDataDir(dir, noCompromise)
    await second.release()
  })

  it("waits out another host's lock while it is touched, and takes it once it is 15 s stale", async () => {
    const dir = dataDir()
    otherHostsLock(dir, 10)
    await expect(lockDataDir(dir, noCompromise)).rejects.toThrow(IN_USE)
    otherHostsLock(dir, 16)
    const lock = await lockDataDir(dir, noCompromise)
    expect(JSON.parse(readFileSync(join(dir, 'server.lock'), 'utf8'))).toMatchObject({ pid: process.pid })
    await lock.release()
  })

  it('touches its lock every 5 s; a lock taken over or removed is lost, and a release leaves the new owner alone', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    const dir = dataDir()
    const file = join(dir, 'server.lock')
    const compromised: Error[] = []
    const lock = await lockDataDir(dir, (error) => compromised.push(error))
    vi.setSystemTime(Date.now() + 60_000)
    vi.advanceTimersByTime(5_000)
    expect(Math.abs(statSync(file).mtimeMs - Date.now())).toBeLessThan(1_000)
    expect(compromised).toEqual([])

    otherHostsLock(dir, 0) // another start took it over
    vi.advanceTimersByTime(5_000)
    expect(compromised).toHaveLength(1)
    vi.advanceTimersByTime(15_000)
    expect(compromised).toHaveLength(1) // said once
    await lock.release()
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ host: 'another-host' })

    rmSync(file)
    const again = await lockDataDir(dir, (error) => compromised.push(error))
    rmSync(file)
    vi.advanceTimersByTime(5_000)
    expect(compromised).toHaveLength(2)
    await again.release()
  })
})
